import { runDueReportSchedules, type RunSummary } from '../modules/reports/schedule-runs';
import { jobHandler } from '../kit/job-handler';
import { REPORT_SCHEDULES_HANDLER } from './job-handlers';

/** EventBridge Scheduler, hourly: sends the scheduled reports that are due (modules/reports/schedule-runs.ts), each run logged there. */
export const handler = jobHandler(
  REPORT_SCHEDULES_HANDLER,
  (): Promise<RunSummary> => runDueReportSchedules(new Date()),
);
