import { log } from '../../core/logger';
import { mailerFromEnv, type Mailer } from '../../aws/ses-mailer';
import { getSchedule } from './schedule-store.dynamodb';
import type { DueItem } from './schedule-store';
import { claimRetry, claimSchedule, listDue } from './schedule-run-store.dynamodb';
import { companySyncSettings } from '../connectors';
import { nextRun, periodOf } from './schedule-timing';
import { sendConfirmation } from './outside-recipients';
import { RETRY_AFTER_MS, runAttempt, type Attempt } from './schedule-attempt';
import { logosOfRun } from './schedule-logo';

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
 * 4. Mails each recipient (the Mailer: SES, or the local SES), the Excel file attached; the company's
 *    logo, read once per company per run, tops the mail and the file.
 * 5. Logs the run: `sent`; `retried` — the attempt failed (the reason says why) and the run is tried
 *    again at the next hourly run, for the recipients not yet served; `failed` — the third attempt
 *    failed, or the failure is one no retry can cure (the creator's permissions), no retry follows.
 *    The attempt itself (steps 3 to 5) is schedule-attempt.ts's.
 */

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
  const logoOf = logosOfRun();
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
          logoOf,
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
        logoOf,
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
