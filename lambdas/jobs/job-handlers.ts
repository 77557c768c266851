/**
 * The Lambda handlers run on a schedule (EventBridge Scheduler), named like routes (service + method
 * → `lambdas/jobs/<kebab-method>.ts` by manifest.handlerFile), so the function construct, the bundle
 * bench and the tests find their files the same way.
 */
export const ACTIVITY_SCHEDULE_HANDLER = {
  service: 'Jobs',
  method: 'ActivitySchedule',
  summary: 'Moves activities along their lifecycle by their plan and the company day (Planned, Live, Completed), hourly',
} as const;
