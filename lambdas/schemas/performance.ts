import { object } from 'zod/mini';
import { id } from './fields';

/** PerformanceService (issue 13): plan vs actual. */

/** GetActivityPerformance: one version of an activity's plan against its actuals; the page's account in x-account-id. */
export const getActivityPerformance = object({
  activityId: id(),
  mediaMixId: id(),
});
