import { runActivitySchedule } from '../domain/activity-schedule';
import { log } from '../core/logger';

/** EventBridge Scheduler, hourly: one run of the activity schedule (domain/activity-schedule.ts), its moves logged by id. */
export const handler = async (): Promise<{ moved: number; skipped: number }> => {
  const report = await runActivitySchedule();
  log.info('activity schedule', { companies: report.companies, moved: report.moved, skipped: report.skipped });
  return { moved: report.moved.length, skipped: report.skipped.length };
};
