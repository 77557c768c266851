/** What other modules may use of activities: nothing else of this folder. */
export { getActivityInfo, setActivityStatusFor, type ActivityPlans } from './activities';
export type { ScheduledActivity } from './schedule-store';
export { activitiesToSchedule } from './schedule-store.dynamodb';
export type { Activity, ActivityFilter, ActivityTotalsRow, OpenPlanCondition, TotalsDelta } from './store';
export {
  activityKeys,
  activityTotalsOfCompany,
  activityTotalsOfMain,
  earliestActivityStart,
  getActivity,
  listActivitiesOfMain,
} from './store.dynamodb';
