import { enum as oneOf, object, optional } from 'zod/mini';
import { id, preprocess } from '../../shared/schema-fields';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** PerformanceService: plan vs actual. */

/** GetActivityPerformance: one version of an activity's plan against its actuals; the page's account in x-account-id. */
export const getActivityPerformance = object({
  activityId: id(),
  mediaMixId: id(),
});

/** GetPacingAlerts: the live activities' pacing alerts; x-account-id optional (that account and its sub-accounts). */
export const getPacingAlerts = object({
  /** Only this kind of alert (both when absent). */
  alert: optional(preprocess(blankToUndefined, optional(oneOf(['under', 'over'])))),
});
