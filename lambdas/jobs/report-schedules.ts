import { runDueReportSchedules, type RunSummary } from '../domain/report-schedule-runs';

/** EventBridge Scheduler, hourly: sends the scheduled reports that are due (domain/report-schedule-runs.ts), each run logged there. */
export const handler = async (): Promise<RunSummary> => runDueReportSchedules(new Date());
