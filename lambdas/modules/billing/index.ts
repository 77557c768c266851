/** What other modules may use of billing: nothing else of this folder. */
export { billableStatementFor } from './statement';
