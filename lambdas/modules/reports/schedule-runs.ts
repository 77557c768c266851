import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { log } from '../../core/logger';
import { listAgentConnectors } from '../connectors';
import { MailError, mailerFromEnv, type Mailer } from '../../aws/ses-mailer';
import { getProfile, type UserProfile } from '../tenancy';
import {
  claimRetry,
  claimSchedule,
  getSchedule,
  listDue,
  putRetry,
  recordSend,
  type DueItem,
  type StoredSchedule,
} from './schedule-store';
import { unsubscribeKey } from './unsubscribe-key-store';
import { addDaysTo } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import { canCall, REQUIRES } from '../../shared/policy';
import type { PerformanceReport } from './replies/reports';
import type { ScheduleSendView } from './replies/report-schedules';
import { companySyncSettings } from '../connectors';
import { performanceReportFor } from './performance-report';
import { reportMail, type ReportMailFacts } from './schedule-mail';
import { reportFileName, reportXlsx, XLSX_TYPE } from './schedule-sheet';
import { nextRun, periodOf } from './schedule-timing';
import { mayReceive, scopeOf, usersByEmail, type ScheduleScope } from './schedule-scope';
import {
  outsideStates,
  requestConfirmations,
  sendConfirmation,
  takeOutsideAllowance,
  withToken,
} from './outside-recipients';
import type { OutsideState } from './outside-recipient-store';
import { unsubscribeToken } from './unsubscribe-token';

/**
 * The dispatcher of scheduled reports (docs/reports.md "Scheduled reports"), run by the
 * hourly job (lambdas/jobs/report-schedules.ts) and, in `npm start`, every minute.
 *
 * 1. Reads what is due from the due index (schedules whose NextRunAt ≤ now, retries whose RetryAt ≤ now).
 * 2. CLAIMS each with a conditional write — a schedule's NextRunAt moves from the value read to its
 *    next run (missed runs are not caught up: one send per claim), a retry is deleted if it still
 *    holds the attempt read — so two dispatchers running at once never send the same run twice.
 * 3. Builds the report through the performance-report domain for the period of the DUE DAY, with the
 *    schedule's filters and its CREATOR's reach as it is at run time: a creator disabled, gone, or
 *    without OperationalReports any more, or no longer able to see the report's account, fails the
 *    run with that reason, and no mail goes.
 * 4. Mails each recipient (the Mailer: SES, or the local SES), the Excel file attached.
 * 5. Logs the run: `sent`; `retried` — the attempt failed (the reason says why) and the run is tried
 *    again at the next hourly run, for the recipients not yet served; `failed` — the third attempt
 *    failed, or the failure is one no retry can cure (the creator's permissions), no retry follows.
 */
export const MAX_ATTEMPTS = 3;
/** A retry waits for the next hourly run (55 minutes: the scheduler's start drifts by seconds). */
export const RETRY_AFTER_MS = 55 * 60_000;

export interface RunDeps {
  mailer?: Mailer;
  /** The public URL of GET /unsubscribe (UNSUBSCRIBE_URL); unset: no link (a stage without the endpoint). */
  unsubscribeUrl?: string;
  /** The public URL of GET /confirm-recipient (CONFIRM_RECIPIENT_URL); unset: no confirmation mail goes, outside addresses wait. */
  confirmUrl?: string;
  /** The daily allowance of mails to outside addresses per company (default OUTSIDE_MAILS_PER_DAY). */
  outsideMailsPerDay?: number;
  /** Only these companies' due items (tests sharing one table); default every company's. */
  companyIds?: readonly number[];
}

export interface RunSummary {
  sent: number;
  failed: number;
  retried: number;
  skipped: number;
  /** Confirmation mails sent to outside addresses. */
  confirmations: number;
}

/** A failure no retry can cure. */
class FinalFailure extends Error {}

interface Attempt {
  companyId: number;
  schedule: StoredSchedule;
  dueDay: string;
  from: string;
  to: string;
  recipients: string[];
  attempt: number;
}

export async function runDueReportSchedules(now: Date = new Date(), deps: RunDeps = {}): Promise<RunSummary> {
  const mailer = deps.mailer ?? mailerFromEnv();
  const unsubscribeUrl = deps.unsubscribeUrl ?? (process.env.UNSUBSCRIBE_URL || undefined);
  const summary: RunSummary = { sent: 0, failed: 0, retried: 0, skipped: 0, confirmations: 0 };
  if (!mailer) {
    log.warn('scheduled reports: no mailer (MAIL_FROM unset); nothing is claimed');
    return summary;
  }
  const confirmUrl = deps.confirmUrl ?? (process.env.CONFIRM_RECIPIENT_URL || undefined);
  const due = (await listDue(now)).filter((d) => !deps.companyIds || deps.companyIds.includes(d.companyId));
  for (const item of due) {
    try {
      if (item.kind === 'confirm') {
        if (!confirmUrl) continue;
        const retryAt = new Date(now.getTime() + RETRY_AFTER_MS);
        const went = await sendConfirmation(item.companyId, item.confirm!, {
          mailer,
          confirmUrl,
          now,
          retryAt,
          cap: deps.outsideMailsPerDay,
        });
        summary[went === 'sent' ? 'confirmations' : 'skipped']++;
        continue;
      }
      const attempt = await claim(item, now);
      if (!attempt) {
        summary.skipped++;
        continue;
      }
      const status = await runAttempt(attempt, now, mailer, {
        unsubscribeUrl,
        outsideMailsPerDay: deps.outsideMailsPerDay,
      });
      summary[status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'retried']++;
    } catch (err) {
      // A store error on one schedule must not stop the others; its claim stands, so the run is lost — logged loudly.
      summary.failed++;
      log.error('scheduled report: run failed before it could be logged', {
        companyId: item.companyId,
        kind: item.kind,
        error: (err as Error).message,
      });
    }
  }
  if (due.length) log.info('scheduled reports', { ...summary, due: due.length });
  return summary;
}

async function claim(item: DueItem, now: Date): Promise<Attempt | null> {
  if (item.kind === 'schedule') {
    const s = item.schedule!;
    const { timeZone } = await companySyncSettings(item.companyId);
    const next = nextRun({ Frequency: s.Frequency, Weekday: s.Weekday, DelayHours: s.DelayHours }, now, timeZone);
    if (!(await claimSchedule(item.companyId, s, { at: next.at.toISOString(), dueDay: next.dueDay }))) return null;
    // Everyone unsubscribed: the run moves on, nothing is built or sent.
    if (!s.Recipients.length) return null;
    const { from, to } = periodOf(s.Period, s.NextDueDay);
    return {
      companyId: item.companyId,
      schedule: s,
      dueDay: s.NextDueDay,
      from,
      to,
      recipients: s.Recipients,
      attempt: 1,
    };
  }
  const r = item.retry!;
  if (!(await claimRetry(item.companyId, r))) return null;
  const s = await getSchedule(item.companyId, r.ScheduleId);
  // Archived or paused since: the retry is dropped with its schedule.
  if (!s || s.Archived || !s.Active) return null;
  // Addresses removed since (unsubscribed, edited out) are not retried.
  const still = new Set(s.Recipients.map((x) => x.toLowerCase()));
  const recipients = r.Recipients.filter((x) => still.has(x.toLowerCase()));
  if (!recipients.length) return null;
  return {
    companyId: item.companyId,
    schedule: s,
    dueDay: r.DueDay,
    from: r.PeriodFrom,
    to: r.PeriodTo,
    recipients,
    attempt: r.Attempt,
  };
}

/** The creator as the report runs: active, with OperationalReports, still able to read the schedule's scope. */
async function runAs(companyId: number, s: StoredSchedule, scope: ScheduleScope | null): Promise<UserProfile> {
  const creator = await getProfile(companyId, s.CreatorSub);
  if (!creator) throw new FinalFailure(`CREATOR_GONE: ${s.createdBy} is no user of the company any more`);
  if (creator.status !== 'active') throw new FinalFailure(`CREATOR_DISABLED: ${s.createdBy} is disabled`);
  if (!canCall(creator, REQUIRES.operationalReports))
    throw new FinalFailure(`CREATOR_NO_PERMISSION: ${s.createdBy} no longer has OperationalReports`);
  if (scope && !mayReceive(creator, scope))
    throw new FinalFailure(`REPORT_NO_ACCESS: ${s.createdBy} may no longer open every account of the report`);
  return creator;
}

/**
 * Who of the recipients may be mailed this scope now: a user of the company who can open its
 * accounts; an outside address only on a report limited to an account, and once it has confirmed.
 * The others are skipped, each with why.
 */
function readersOf(
  recipients: readonly string[],
  scope: ScheduleScope | null,
  users: ReadonlyMap<string, UserProfile>,
  states: ReadonlyMap<string, OutsideState>,
) {
  const to: string[] = [];
  const skipped: { address: string; why: SkipReason }[] = [];
  for (const address of recipients) {
    const user = users.get(address.toLowerCase());
    const allowed = !!scope && (user ? mayReceive(user, scope) : scope.kind === 'account');
    if (!allowed) skipped.push({ address, why: 'RECIPIENT_NO_ACCESS' });
    else if (!user && states.get(address.toLowerCase()) !== 'confirmed')
      skipped.push({ address, why: 'AWAITING_CONFIRMATION' });
    else to.push(address);
  }
  return { to, skipped };
}

type SkipReason = 'RECIPIENT_NO_ACCESS' | 'AWAITING_CONFIRMATION' | 'OUTSIDE_DAILY_CAP';
const SKIP_WHY: Record<SkipReason, string> = {
  RECIPIENT_NO_ACCESS: 'may not open every account of the report',
  AWAITING_CONFIRMATION: 'an outside address that has not confirmed yet',
  OUTSIDE_DAILY_CAP: "the company's mails to outside addresses for today are spent",
};

/** The log's line for the recipients skipped: one clause per reason, naming them. */
function skippedText(skipped: readonly { address: string; why: SkipReason }[]): string | null {
  if (!skipped.length) return null;
  return (Object.keys(SKIP_WHY) as SkipReason[])
    .map((why) => [why, skipped.filter((x) => x.why === why).map((x) => x.address)] as const)
    .filter(([, list]) => list.length)
    .map(([why, list]) => `${why}: ${list.join(', ')} (skipped: ${SKIP_WHY[why]})`)
    .join('; ');
}

async function buildReport(creator: UserProfile, a: Attempt): Promise<PerformanceReport> {
  const f = a.schedule.Filters;
  try {
    return await performanceReportFor(creator, undefined, {
      from: a.from,
      to: a.to,
      groupBy: f.groupBy,
      accountId: f.accountId,
      activityId: f.activityId,
      channelGroup: f.channelGroup as never,
      platform: f.platform as never,
      compare: f.compare,
    });
  } catch (err) {
    // The creator may no longer see the account or activity (403/404): no retry cures that.
    if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404))
      throw new FinalFailure(`REPORT_NO_ACCESS: ${err.message}`);
    throw new Error(`REPORT_FAILED: ${(err as Error).message}`);
  }
}

async function mailFacts(a: Attempt, report: PerformanceReport, now: Date): Promise<ReportMailFacts> {
  const [sync, agents] = await Promise.all([companySyncSettings(a.companyId), listAgentConnectors(a.companyId)]);
  const provisionalFrom = addDaysTo(todayIn(sync.timeZone, now), -(sync.restatementDays - 1));
  return {
    name: a.schedule.Name,
    from: report.From,
    to: report.To,
    currency: report.Currency,
    totals: report.Totals,
    rows: report.Rows.length,
    truncated: report.Truncated,
    provisional: report.To >= provisionalFrom,
    unhealthyConnectors: agents
      .filter((c) => !c.Archived && (c.Status === 'Error' || c.Status === 'NoAccess'))
      .map((c) => c.Name),
  };
}

async function runAttempt(
  a: Attempt,
  now: Date,
  mailer: Mailer,
  opts: { unsubscribeUrl?: string; outsideMailsPerDay?: number },
): Promise<ScheduleSendView['Status']> {
  const { unsubscribeUrl } = opts;
  const s = a.schedule;
  const entry = (
    status: ScheduleSendView['Status'],
    reason: string | null,
    messageIds: string[],
  ): ScheduleSendView => ({
    At: new Date().toISOString(),
    Status: status,
    Reason: reason,
    Recipients: a.recipients.length,
    PeriodFrom: a.from,
    PeriodTo: a.to,
    MessageIds: messageIds,
    Attempt: a.attempt,
  });
  const record = async (e: ScheduleSendView) => {
    await recordSend(a.companyId, s.Id, e, randomUUID().slice(0, 8));
    const line = {
      companyId: a.companyId,
      scheduleId: s.Id,
      status: e.Status,
      attempt: e.Attempt,
      reason: e.Reason,
      periodFrom: a.from,
      periodTo: a.to,
    };
    if (e.Status === 'sent') log.info('scheduled report sent', line);
    else log.warn('scheduled report not sent', line);
    return e.Status;
  };
  const retryOrFail = async (reason: string, recipients: string[], messageIds: string[]) => {
    if (a.attempt >= MAX_ATTEMPTS)
      return record(
        entry('failed', `${reason} (attempt ${a.attempt} of ${MAX_ATTEMPTS}; no more retries)`, messageIds),
      );
    const retryAt = new Date(now.getTime() + RETRY_AFTER_MS).toISOString();
    await putRetry(a.companyId, {
      ScheduleId: s.Id,
      DueDay: a.dueDay,
      Attempt: a.attempt + 1,
      RetryAt: retryAt,
      PeriodFrom: a.from,
      PeriodTo: a.to,
      Recipients: recipients,
    });
    return record(entry('retried', `${reason} (retry ${a.attempt + 1} of ${MAX_ATTEMPTS} at ${retryAt})`, messageIds));
  };

  let report: PerformanceReport;
  let facts: ReportMailFacts;
  let users: Map<string, UserProfile>;
  let readers: ReturnType<typeof readersOf>;
  try {
    const [scope, states] = await Promise.all([scopeOf(a.companyId, s.Filters), outsideStates(a.companyId)]);
    users = await usersByEmail(a.companyId);
    readers = readersOf(a.recipients, scope, users, states);
    // An outside address the company never asked (named before confirmations existed) is asked now.
    const unasked = readers.skipped
      .filter((x) => x.why === 'AWAITING_CONFIRMATION' && !states.has(x.address.toLowerCase()))
      .map((x) => x.address);
    if (unasked.length) await requestConfirmations(a.companyId, unasked, s.Language, 'scheduled-reports', now);
    // Nobody left who may read it: nothing is built, nothing is mailed.
    if (!readers.to.length) throw new FinalFailure(skippedText(readers.skipped) ?? 'NO_RECIPIENTS');
    const creator = await runAs(a.companyId, s, scope);
    report = await buildReport(creator, a);
    facts = await mailFacts(a, report, now);
  } catch (err) {
    if (err instanceof FinalFailure) return record(entry('failed', err.message, []));
    return retryOrFail((err as Error).message, a.recipients, []);
  }

  const attachment = {
    fileName: reportFileName(s.Name, a.from, a.to),
    contentType: XLSX_TYPE,
    content: reportXlsx(report, s.Language, s.Name, s.Filters.sort),
  };
  const key = unsubscribeUrl ? await unsubscribeKey() : undefined;
  const messageIds: string[] = [];
  const unsent: string[] = [];
  const errors: string[] = [];
  const mailed: string[] = [];
  for (const to of readers.to) {
    const outside = !users.has(to.toLowerCase());
    // Each mail to an outside address takes one of the company's daily allowance.
    if (outside && !(await takeOutsideAllowance(a.companyId, now, opts.outsideMailsPerDay))) {
      readers.skipped.push({ address: to, why: 'OUTSIDE_DAILY_CAP' });
      continue;
    }
    mailed.push(to);
    const link =
      key && unsubscribeUrl && outside
        ? withToken(unsubscribeUrl, unsubscribeToken(key, { companyId: a.companyId, scheduleId: s.Id, address: to }))
        : null;
    try {
      messageIds.push(await mailer.send(reportMail(facts, s.Language, to, attachment, link)));
    } catch (err) {
      unsent.push(to);
      errors.push(err instanceof MailError ? err.code : (err as Error).message);
    }
  }
  const skippedNote = skippedText(readers.skipped);
  if (!mailed.length) return record(entry('failed', skippedNote, []));
  if (!unsent.length) return record({ ...entry('sent', skippedNote, messageIds), Recipients: mailed.length });
  const failure = `MAIL_FAILED: ${[...new Set(errors)].join(', ')} for ${unsent.length} of ${mailed.length} recipients`;
  return retryOrFail(skippedNote ? `${failure}; ${skippedNote}` : failure, unsent, messageIds);
}
