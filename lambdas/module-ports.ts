import type { ActivityPlans } from './modules/activities';
import { activityPlans as plansOfActivities } from './modules/media-plans';

/**
 * The ports one module's rules take from a module above it, wired here once for the handlers, as
 * caller-lookups.ts wires the kit's: the activity rules ask the media plans about an activity's plan
 * (dates that would strand its lines, its open version locked on delete) through ActivityPlans,
 * and the media plans, which use activities, give it.
 */
export const activityPlans: ActivityPlans = plansOfActivities;
