/** What other modules may use of billing: nothing else of this folder. */
export { computedStatementFor, finalStatementsOf } from './statement';
export { readStatementRange, type StatementRange } from './statement-range';
export type { BillableStatementView } from './replies';
