import { runActivitySchedule } from '../modules/media-plans/activity-schedule';
import { jobHandler } from '../kit/job-handler';
import { log } from '../core/logger';
import { ACTIVITY_SCHEDULE_HANDLER } from './job-handlers';

/** EventBridge Scheduler, hourly: one run of the activity schedule (modules/media-plans/activity-schedule.ts), its moves logged by id. */
const runSchedule = async (): Promise<{ moved: number; skipped: number; newDays: number }> => {
  const report = await runActivitySchedule();
  log.info('activity schedule', {
    companies: report.companies,
    moved: report.moved,
    skipped: report.skipped,
    newDays: report.newDays,
  });
  return { moved: report.moved.length, skipped: report.skipped.length, newDays: report.newDays };
};

export const handler = jobHandler(ACTIVITY_SCHEDULE_HANDLER, runSchedule);
