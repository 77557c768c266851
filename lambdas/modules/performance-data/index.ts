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
export { readActivityRollup, statKeys, type RollupRow } from './daily-stat-store';
export { readMonthSummary, readMonthSummaryItems, type MonthSummaryItem } from './month-summary-store';
