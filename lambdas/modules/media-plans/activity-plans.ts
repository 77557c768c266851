import type { ActivityPlans } from '../activities';
import { lineLock, planReads } from './store/plan-store';
import { openPlanKeepsInside } from './plan-dates';

/** The media plan of an activity, as the activity rules ask for it (activities' ActivityPlans). */
export const activityPlans: ActivityPlans = {
  keepsLinesInside: openPlanKeepsInside,
  async lockOpenVersion(companyId, activityId) {
    const plan = await planReads.plan(companyId, activityId, true);
    if (plan?.OpenMixId) await lineLock.lockLines(companyId, plan.OpenMixId);
  },
};
