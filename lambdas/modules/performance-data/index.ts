/** What other modules may use of performance-data: nothing else of this folder. */
export {
  BatchWriter,
  MEASURES,
  RollupBook,
  batchPut,
  readLineRollup,
  readStats,
  sameStat,
  statItem,
  storedStatOf,
  writeStatsAndRollups,
  type LineMonth,
  type Measures,
  type StoredStat,
  type StoredTarget,
  type WriteRequest,
} from './daily-stat-store';
export { refreshMonthSummaries } from './month-summary-store';
export { statKeys } from './daily-stat-store';
export { readActivityRollup, type RollupRow } from './rollup-read-store';
export { readMonthSummary, readMonthSummaryItems, type MonthSummaryItem } from './month-summary-store';
