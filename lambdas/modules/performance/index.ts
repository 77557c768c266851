/** What other modules may use of performance: nothing else of this folder. */
export {
  activityPerformanceWithRows,
  connectorsFeeding,
  paceMix,
  pacingContextOf,
  readMixActuals,
} from './activity-performance';
export { rateBookFor } from './actual-rates';
export {
  convertOnDay,
  dailySpendIn,
  microsToMinor,
  rowsInCurrency,
  spendAtRates,
  type PlanRateGap,
  type RateBook,
} from './actuals-fx';
export { performanceColumnsFor } from './custom-column-values';
export { actualTotals, kpisOf, type KpiSet } from './kpis';
export { PROJECTION_DAYS, planPacing, type Pacing } from './pacing';
export { type ActualDay, type ConnectorState } from './types';
