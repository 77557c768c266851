/** What other modules may use of activities: nothing else of this folder. */
export { getActivityInfo, setActivityStatusFor, type ActivityPlans } from './activities';
export { activitiesToSchedule, type ScheduledActivity } from './schedule-store';
export {
  activityKeys,
  activityTotalsOfCompany,
  activityTotalsOfMain,
  earliestActivityStart,
  getActivity,
  listActivitiesOfMain,
  type Activity,
  type ActivityFilter,
  type ActivityTotalsRow,
  type OpenPlanCondition,
  type TotalsDelta,
} from './store';
