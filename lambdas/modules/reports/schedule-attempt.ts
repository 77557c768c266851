import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { log } from '../../core/logger';
import { listAgentConnectors } from '../connectors';
import { MailError, type Mailer } from '../../aws/ses-mailer';
import { getProfile, type UserProfile } from '../tenancy';
import type { StoredSchedule } from './schedule-store';
import { putRetry, recordSend } from './schedule-run-store.dynamodb';
import { unsubscribeKey } from './unsubscribe-key-store.secrets-manager';
import { addDaysTo } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import { canCall, REQUIRES } from '../../shared/policy';
import type { PerformanceReport } from './replies/reports';
import type { ScheduleSendView } from './replies/report-schedules';
import { companySyncSettings } from '../connectors';
import { performanceReportFor } from './performance-report';
import { reportMail, type ReportMailFacts } from './schedule-mail';
import { reportFileName, reportXlsx, XLSX_TYPE } from './schedule-sheet';
import { mayReceive, scopeOf, usersByEmail, type ScheduleScope } from './schedule-scope';
import { outsideStates, requestConfirmations, takeOutsideAllowance, withToken } from './outside-recipients';
import type { OutsideState } from './outside-recipient-store';
import { unsubscribeToken } from './unsubscribe-token';
import type { LogoOf } from './schedule-logo';

/**
 * One attempt of a claimed scheduled report (schedule-runs.ts claims it): who may read it, the
 * report built as its creator, the mails, and the send recorded as sent, retried or failed.
 */

/** Attempts of one run before it fails for good. */
export const MAX_ATTEMPTS = 3;
/** A retry waits for the next hourly run (55 minutes: the scheduler's start drifts by seconds). */
export const RETRY_AFTER_MS = 55 * 60_000;

/** A failure no retry can cure. */
class FinalFailure extends Error {}

export interface Attempt {
  companyId: number;
  schedule: StoredSchedule;
  dueDay: string;
  from: string;
  to: string;
  recipients: string[];
  attempt: number;
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

/** A send entry of the attempt (At: now). */
const entryOf = (
  a: Attempt,
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

/** Records the send in the schedule's log and the job's log; its status is the attempt's outcome. */
async function record(a: Attempt, e: ScheduleSendView): Promise<ScheduleSendView['Status']> {
  await recordSend(a.companyId, a.schedule.Id, e, randomUUID().slice(0, 8));
  const line = {
    companyId: a.companyId,
    scheduleId: a.schedule.Id,
    status: e.Status,
    attempt: e.Attempt,
    reason: e.Reason,
    periodFrom: a.from,
    periodTo: a.to,
  };
  if (e.Status === 'sent') log.info('scheduled report sent', line);
  else log.warn('scheduled report not sent', line);
  return e.Status;
}

/** A failed attempt: retried at the next run for `recipients`, or failed for good after MAX_ATTEMPTS. */
async function retryOrFail(
  a: Attempt,
  now: Date,
  reason: string,
  recipients: string[],
  messageIds: string[],
): Promise<ScheduleSendView['Status']> {
  if (a.attempt >= MAX_ATTEMPTS)
    return record(
      a,
      entryOf(a, 'failed', `${reason} (attempt ${a.attempt} of ${MAX_ATTEMPTS}; no more retries)`, messageIds),
    );
  const retryAt = new Date(now.getTime() + RETRY_AFTER_MS).toISOString();
  await putRetry(a.companyId, {
    ScheduleId: a.schedule.Id,
    DueDay: a.dueDay,
    Attempt: a.attempt + 1,
    RetryAt: retryAt,
    PeriodFrom: a.from,
    PeriodTo: a.to,
    Recipients: recipients,
  });
  return record(
    a,
    entryOf(a, 'retried', `${reason} (retry ${a.attempt + 1} of ${MAX_ATTEMPTS} at ${retryAt})`, messageIds),
  );
}

/** Who may read it, the report built as its creator and the mail's facts; a FinalFailure when nobody may. */
async function prepareAttempt(a: Attempt, now: Date) {
  const s = a.schedule;
  const [scope, states] = await Promise.all([scopeOf(a.companyId, s.Filters), outsideStates(a.companyId)]);
  const users = await usersByEmail(a.companyId);
  const readers = readersOf(a.recipients, scope, users, states);
  // An outside address the company never asked (named before confirmations existed) is asked now.
  const unasked = readers.skipped
    .filter((x) => x.why === 'AWAITING_CONFIRMATION' && !states.has(x.address.toLowerCase()))
    .map((x) => x.address);
  if (unasked.length) await requestConfirmations(a.companyId, unasked, s.Language, 'scheduled-reports', now);
  // Nobody left who may read it: nothing is built, nothing is mailed.
  if (!readers.to.length) throw new FinalFailure(skippedText(readers.skipped) ?? 'NO_RECIPIENTS');
  const creator = await runAs(a.companyId, s, scope);
  const report = await buildReport(creator, a);
  const facts = await mailFacts(a, report, now);
  return { report, facts, users, readers };
}

type Prepared = Awaited<ReturnType<typeof prepareAttempt>>;
type AttemptOptions = { unsubscribeUrl?: string; outsideMailsPerDay?: number; logoOf?: LogoOf };

/** Mails the report to each reader in turn (outside addresses within the daily allowance, with an unsubscribe link). */
async function mailReaders(a: Attempt, now: Date, mailer: Mailer, opts: AttemptOptions, p: Prepared) {
  const { unsubscribeUrl } = opts;
  const s = a.schedule;
  const logo = await opts.logoOf?.(a.companyId);
  const attachment = {
    fileName: reportFileName(s.Name, a.from, a.to),
    contentType: XLSX_TYPE,
    content: reportXlsx(p.report, s.Language, s.Name, s.Filters.sort, logo && { ...logo, description: logo.alt }),
  };
  const key = unsubscribeUrl ? await unsubscribeKey() : undefined;
  const messageIds: string[] = [];
  const unsent: string[] = [];
  const errors: string[] = [];
  const mailed: string[] = [];
  for (const to of p.readers.to) {
    const outside = !p.users.has(to.toLowerCase());
    // Each mail to an outside address takes one of the company's daily allowance.
    if (outside && !(await takeOutsideAllowance(a.companyId, now, opts.outsideMailsPerDay))) {
      p.readers.skipped.push({ address: to, why: 'OUTSIDE_DAILY_CAP' });
      continue;
    }
    mailed.push(to);
    const link =
      key && unsubscribeUrl && outside
        ? withToken(
            unsubscribeUrl,
            unsubscribeToken(key, { companyId: a.companyId, scheduleId: s.Id, address: to }),
            s.Language,
          )
        : null;
    try {
      messageIds.push(await mailer.send(reportMail(p.facts, s.Language, to, attachment, link, logo)));
    } catch (err) {
      unsent.push(to);
      errors.push(err instanceof MailError ? err.code : (err as Error).message);
    }
  }
  return { messageIds, unsent, errors, mailed };
}

/** One attempt of a claimed run: prepared, mailed and recorded; its status. */
export async function runAttempt(
  a: Attempt,
  now: Date,
  mailer: Mailer,
  opts: AttemptOptions,
): Promise<ScheduleSendView['Status']> {
  let prepared: Prepared;
  try {
    prepared = await prepareAttempt(a, now);
  } catch (err) {
    if (err instanceof FinalFailure) return record(a, entryOf(a, 'failed', err.message, []));
    return retryOrFail(a, now, (err as Error).message, a.recipients, []);
  }
  const { messageIds, unsent, errors, mailed } = await mailReaders(a, now, mailer, opts, prepared);
  const skippedNote = skippedText(prepared.readers.skipped);
  if (!mailed.length) return record(a, entryOf(a, 'failed', skippedNote, []));
  if (!unsent.length) return record(a, { ...entryOf(a, 'sent', skippedNote, messageIds), Recipients: mailed.length });
  const failure = `MAIL_FAILED: ${[...new Set(errors)].join(', ')} for ${unsent.length} of ${mailed.length} recipients`;
  return retryOrFail(a, now, skippedNote ? `${failure}; ${skippedNote}` : failure, unsent, messageIds);
}
