import type { ActivityPlans } from '../activities';
import { planStore } from './store.dynamodb';
import { openPlanKeepsInside } from './plan-dates';

/** The media plan of an activity, as the activity rules ask for it (activities' ActivityPlans). */
export const activityPlans: ActivityPlans = {
  keepsLinesInside: openPlanKeepsInside,
  async lockOpenVersion(companyId, activityId) {
    const plan = await planStore.plan(companyId, activityId, true);
    if (plan?.OpenMixId) await planStore.lockLines(companyId, plan.OpenMixId);
  },
};
