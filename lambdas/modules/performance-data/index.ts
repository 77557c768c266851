/** What other modules may use of performance-data: nothing else of this folder. */
export {
  BatchWriter,
  batchPut,
  batchWrite,
  writeStatsAndRollups,
  type WriteRequest,
} from './batch-write-store.dynamodb';
export type { LineMonth, StoredStat, StoredTarget } from './daily-stat-store';
export { RollupBook, readStats, statItem } from './daily-stat-store.dynamodb';
export type { MonthSummaryItem } from './month-summary-store';
export { readMonthSummary, readMonthSummaryItems, refreshMonthSummaries } from './month-summary-store.dynamodb';
export type { RollupRow } from './rollup-read-store';
export { readActivityRollup, readLineRollup } from './rollup-read-store.dynamodb';
export { MEASURES, statKeys, zeroMeasures, type Measures } from './stat-keys';
export { sameStat, storedStatOf } from './stat-values';
