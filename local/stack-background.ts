import { runActivitySchedule } from '../lambdas/modules/media-plans/activity-schedule';
import { deliverCsvImportJob } from '../lambdas/modules/connectors/csv-import-run';
import { runDueReportSchedules, type RunSummary } from '../lambdas/modules/reports/schedule-runs';
import { runPacingDigests } from '../lambdas/modules/pacing-digest';
import { sesMailer } from '../lambdas/aws/ses-mailer';
import { csvImportHooks } from '../lambdas/modules/connectors/sync/csv-import-queue';
import { companyDataHooks, deliverCompanyDataJob } from '../lambdas/modules/company-data';
import { handler as auditLineChanges } from '../lambdas/streams/audit-line-changes';
import { notifyPlanChanges } from '../lambdas/streams/notify-plan-changes';
import { refreshDashboardTiles } from '../lambdas/streams/refresh-dashboard-tiles';
import { matchesPlanNotifyFilter, matchesTilesRefreshFilter } from '../lambdas/streams/stream-handlers';
import { setLocalHandlerEnv } from './api-server';
import { startStreamPoller } from './stream-poller';
import { startLocalSync } from './sync-runner';

/**
 * What the cloud runs beside the API, run in this process by `npm start` (local/start.ts): the
 * change-stream consumers, the schedules, the CSV import job and the connector sync.
 */

/** The From address of local mails (the stage config's `notifications.email.sender` in the cloud). */
export const LOCAL_MAIL_FROM = 'Mixdesk <notifications@mixdesk.local>';

export interface BackgroundCtx {
  log: (line: string) => void;
  tableName: string;
  dynamo: { endpoint: string };
  cognito: { endpoint: string };
  sesEndpoint: string;
  ports: { web: number };
  opts: { seed?: boolean };
  cleanups: (() => Promise<void>)[];
}

/** Scheduled reports (EventBridge Scheduler in the cloud, hourly): mailed to the local SES, unsubscribe links to this API. */
export function reportScheduleRunner(sesEndpoint: string, apiUrl: string): (now: Date) => Promise<RunSummary> {
  const reportMailer = sesMailer({ from: LOCAL_MAIL_FROM, endpoint: sesEndpoint });
  return (now) =>
    runDueReportSchedules(now, {
      mailer: reportMailer,
      unsubscribeUrl: `${apiUrl}/unsubscribe`,
      confirmUrl: `${apiUrl}/confirm-recipient`,
    });
}

/** How often the local tile refresher looks for stamp records (the cloud gathers them for 30 s). */
const TILES_REFRESH_POLL_MS = 5_000;

/**
 * The stream handlers run in this process like the API's handlers, against the same engine. They
 * start at the oldest record still in the stream: after a restart, records of the last 24 hours
 * are handled again, which writes nothing twice (audit entries have fixed keys). Answers the wait
 * for every record so far.
 */
function startStreams(c: BackgroundCtx): () => Promise<void> {
  setLocalHandlerEnv({
    tableName: c.tableName,
    dynamoEndpoint: c.dynamo.endpoint,
    cognitoEndpoint: c.cognito.endpoint,
  });
  const poller = startStreamPoller({
    endpoint: c.dynamo.endpoint,
    tableName: c.tableName,
    handler: auditLineChanges,
    log: (line) => c.log(line),
  });
  c.cleanups.push(() => poller.stop());
  // The second consumer, as in the cloud: plan approval notifications, mailed to the local SES server.
  const notifier = startStreamPoller({
    endpoint: c.dynamo.endpoint,
    tableName: c.tableName,
    handler: notifyPlanChanges({
      mailer: sesMailer({ from: LOCAL_MAIL_FROM, endpoint: c.sesEndpoint }),
      consoleUrl: `http://localhost:${c.ports.web}`,
    }),
    filter: matchesPlanNotifyFilter,
    log: (line) => c.log(line),
  });
  c.cleanups.push(() => notifier.stop());
  // The third: the dashboard tiles recomputed after a write, every few seconds as the cloud's batching
  // window gathers a sync's bumps. Not waited for: a read of stale tiles recomputes them itself.
  const tiles = startStreamPoller({
    endpoint: c.dynamo.endpoint,
    tableName: c.tableName,
    handler: refreshDashboardTiles,
    filter: matchesTilesRefreshFilter,
    intervalMs: TILES_REFRESH_POLL_MS,
    log: (line) => c.log(line),
  });
  c.cleanups.push(() => tiles.stop());
  return async () => {
    await Promise.all([poller.settle(), notifier.settle()]);
  };
}

/** The activity schedule (hourly: once now, then every hour), the scheduled reports (every minute) and the pacing digest (hourly). */
async function startSchedules(c: BackgroundCtx, runReportSchedules: (now: Date) => Promise<RunSummary>) {
  const { log } = c;
  const schedule = async () => {
    const report = await runActivitySchedule();
    if (report.moved.length || report.skipped.length)
      log(`activity schedule: ${report.moved.length} moved, ${report.skipped.length} skipped`);
  };
  const scheduled = setInterval(
    () => void schedule().catch((e) => log(`activity schedule: ${(e as Error).message}`)),
    60 * 60 * 1000,
  );
  scheduled.unref();
  c.cleanups.push(async () => clearInterval(scheduled));
  await schedule().catch((e) => log(`activity schedule: ${(e as Error).message}`));
  // Scheduled reports: every minute with the real clock (hourly in the cloud; a claim makes a run idempotent).
  const reports = setInterval(
    () => void runReportSchedules(new Date()).catch((e) => log(`scheduled reports: ${(e as Error).message}`)),
    60 * 1000,
  );
  reports.unref();
  c.cleanups.push(async () => clearInterval(reports));
  // The pacing digest: hourly as in the cloud (mails to the local SES; a claim per user and period).
  const digests = setInterval(
    () => void runPacingDigests(new Date()).catch((e) => log(`pacing digest: ${(e as Error).message}`)),
    60 * 60 * 1000,
  );
  digests.unref();
  c.cleanups.push(async () => clearInterval(digests));
}

/**
 * The CSV import job (SQS, its worker and dead-letter consumer in the cloud): the same code, one
 * import at a time, in process — delivered again while it fails, then given up as the cloud's is.
 */
function startCsvImports(c: BackgroundCtx): void {
  let csvImports: Promise<void> = Promise.resolve();
  csvImportHooks.local = (job) => {
    csvImports = csvImports
      .then(() => deliverCsvImportJob(job))
      .catch((e) => c.log(`csv import ${job.importId}: ${(e as Error).message}`));
  };
  c.cleanups.push(async () => {
    csvImportHooks.local = undefined;
    await csvImports;
  });
}

/** The company data jobs (exports, deletions): the same code, one job at a time, in process. */
function startCompanyDataJobs(c: BackgroundCtx): void {
  let jobs: Promise<void> = Promise.resolve();
  companyDataHooks.local = (m) => {
    jobs = jobs
      .then(() => deliverCompanyDataJob(m))
      .catch((e) => c.log(`company data job ${m.jobId}: ${(e as Error).message}`));
  };
  c.cleanups.push(async () => {
    companyDataHooks.local = undefined;
    await jobs;
  });
}

/** Streams, schedules, CSV imports, company data jobs and the connector sync; answers the wait for the streams. */
export async function startBackground(
  c: BackgroundCtx,
  runReportSchedules: (now: Date) => Promise<RunSummary>,
): Promise<() => Promise<void>> {
  const settleStreams = startStreams(c);
  await startSchedules(c, runReportSchedules);
  startCsvImports(c);
  startCompanyDataJobs(c);
  // The connector sync: the cloud's dispatcher and worker code on an in-process queue,
  // every company once now (a new user sees actuals), then at its sync hour (local/sync-runner.ts).
  if (c.opts.seed !== false) {
    const sync = await startLocalSync(c.log);
    c.cleanups.push(async () => sync.stop());
  }
  return settleStreams;
}
