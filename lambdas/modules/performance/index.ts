/** What other modules may use of performance: nothing else of this folder. */
export { activityPerformanceWithRows } from './activity-performance';
export { connectorsFeeding, paceVersion, pacingContextOf, readVersionActuals } from './version-actuals';
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
export { PROJECTION_DAYS, planPacing } from './pacing';
export type { Pacing } from './pacing-types';
export { type ActualDay, type ConnectorState } from './types';
export { livePlanPacings, type LivePacings, type LivePlanPacing } from './live-pacing';
