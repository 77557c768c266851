import { errorFields, log } from '../../core/logger';
import { getAccount } from '../tenancy';
import { getActivity } from '../activities';
import { getCompany } from '../tenancy';
import type { Mail, Mailer, MailLogo } from '../../aws/ses-mailer';
import { companyLogo } from '../configurations';
import type { PlanVersion } from './store';
import { listCompanyUsers, markMailed, putNotificationOnce, type NotificationDraft } from '../notifications';
import type { HeaderChange } from './store/header-records';
import type { UserProfile } from '../tenancy';
import { VersionStatus } from '../../shared/version-status';
import { MAIL_WORDS, type MailFacts, type MailLanguage } from '../../shared/notification-mail-text';
import { canCall, REQUIRES } from '../../shared/policy';
import { isLocale } from '../../shared/locales';
import type { NotificationKind } from '../../shared/replies/notifications';

/**
 * Notifications of the plan approval events (docs/notifications.md), made from the
 * table's change stream (lambdas/streams/notify-plan-changes.ts): a version's header changed status
 * or took the client's answer → one Notification per recipient, then an e-mail when the stage sends
 * mail. Nothing here changes a plan: the lifecycle (modules/media-plans/lifecycle.ts) knows nothing of it.
 */

/** What happened to a version, read from its header before and after one write. */
export interface PlanEvent {
  kind: NotificationKind;
  /** Who acted, as the header stamps them (their e-mail). */
  actorEmail: string;
  reason: string | null;
  at: string;
}

const changedTo = (before: PlanVersion, after: PlanVersion, from: VersionStatus, to: VersionStatus) =>
  before.Status === from && after.Status === to;
const newStamp = (before: string | null | undefined, after: string | null | undefined) => !!after && after !== before;

/** The event a header change is, if any (every other header write — a rename, totals, a line change — is none). */
export function planEventOf(before: PlanVersion, after: PlanVersion): PlanEvent | undefined {
  const at = after.updatedAt;
  if (changedTo(before, after, VersionStatus.Draft, VersionStatus.Submitted)) {
    return { kind: 'submitted', actorEmail: after.SubmittedBy ?? after.updatedBy, reason: null, at };
  }
  if (changedTo(before, after, VersionStatus.Submitted, VersionStatus.Approved)) {
    return { kind: 'approved', actorEmail: after.ApprovedBy ?? after.updatedBy, reason: null, at };
  }
  if (changedTo(before, after, VersionStatus.Submitted, VersionStatus.Rejected)) {
    return {
      kind: 'rejected',
      actorEmail: after.RejectedBy ?? after.updatedBy,
      reason: after.RejectReason ?? null,
      at,
    };
  }
  if (before.Status === VersionStatus.Approved && after.Status === VersionStatus.Approved) {
    if (newStamp(before.ClientApprovedAt, after.ClientApprovedAt)) {
      return { kind: 'signedOff', actorEmail: after.ClientApprovedBy ?? after.updatedBy, reason: null, at };
    }
    if (newStamp(before.ClientDeclinedAt, after.ClientDeclinedAt)) {
      return {
        kind: 'declined',
        actorEmail: after.ClientDeclinedBy ?? after.updatedBy,
        reason: after.ClientDeclinedComment ?? null,
        at,
      };
    }
  }
  return undefined;
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** May approve plans (ApproveMediaMix's requirement: MediaPlanApprover or Admin, agency staff) and sees the account. */
export function approvesAccount(u: UserProfile, mainAccountId: number): boolean {
  return (
    canCall(u, REQUIRES.mediaPlanApprover) && (u.accountAccess === 'all' || u.accountAccess.includes(mainAccountId))
  );
}

/**
 * Who is told, among the company's active users, never the one who acted:
 * submitted → the approvers of the account; approved / rejected → the submitter; the client's
 * sign-off or decline → the submitter and the approvers of the account.
 */
export function recipientsOf(event: PlanEvent, version: PlanVersion, users: readonly UserProfile[]): UserProfile[] {
  const active = users.filter((u) => u.status === 'active' && !sameEmail(u.email, event.actorEmail));
  const submitter = active.filter((u) => sameEmail(u.email, version.SubmittedBy));
  const approvers = active.filter((u) => approvesAccount(u, version.AccountId));
  const chosen =
    event.kind === 'submitted'
      ? approvers
      : event.kind === 'approved' || event.kind === 'rejected'
        ? submitter
        : [...submitter, ...approvers];
  return [...new Map(chosen.map((u) => [u.sub, u])).values()];
}

/** The console's address of a version: its plan editor, the version selected. */
export const planPath = (n: Pick<NotificationDraft, 'accountId' | 'activityId' | 'versionId'>) =>
  `/accounts/${n.accountId}/activities/${n.activityId}/mediaMix/list?version=${n.versionId}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The mail of a notification, in `languages` (one, or English then Hebrew), with a link when the
 * console's address is known, and the company's logo at its top when it has one.
 */
export function mailOf(
  n: NotificationDraft,
  to: string,
  languages: readonly MailLanguage[],
  consoleUrl: string | undefined,
  logo?: MailLogo,
): Mail {
  const facts: MailFacts = {
    actor: n.actorName,
    version: n.version,
    activity: n.activityName,
    account: n.accountName,
    reason: n.reason,
  };
  const link = consoleUrl ? `${consoleUrl.replace(/\/$/, '')}${planPath(n)}` : undefined;
  const parts = languages.map((lang) => {
    const w = MAIL_WORDS[lang];
    const lines = [
      w.sentence(n.kind, facts),
      ...(n.reason ? [`${w.reasonLabel(n.kind)}${w.colon}${n.reason}`] : []),
      ...(link ? [`${w.open}${w.colon}${link}`] : []),
      '',
      w.footer,
    ];
    const html =
      `<div dir="${w.dir}" lang="${lang}"><p>${escapeHtml(w.sentence(n.kind, facts))}</p>` +
      (n.reason
        ? `<p><b>${escapeHtml(w.reasonLabel(n.kind))}${w.colon.trimEnd()}</b> ${escapeHtml(n.reason)}</p>`
        : '') +
      (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>` : '') +
      `<p style="color:#666;font-size:12px">${escapeHtml(w.footer)}</p></div>`;
    return { subject: w.subject(n.kind, facts), text: lines.join('\n'), html };
  });
  return {
    to,
    subject: `Mixdesk: ${parts.map((p) => p.subject).join(' / ')}`,
    text: parts.map((p) => p.text).join('\n\n———\n\n'),
    html: `<!doctype html><html><body>${parts.map((p) => p.html).join('<hr>')}</body></html>`,
    ...(logo ? { logo } : {}),
  };
}

export interface NotifyDeps {
  mailer?: Mailer;
  /** The console's origin, for the plan link in mails. */
  consoleUrl?: string;
}

export interface NotifyReport {
  event?: NotificationKind;
  notified: string[];
  mailed: string[];
  mailFailed: string[];
}

/**
 * One header change → its notifications (each written once, however often the record is delivered)
 * and their mails. A mail that fails (after the mailer's own retries) is logged and left: the
 * notification is already stored, the batch goes on, and the mail is not tried again unless the
 * record is delivered again for another reason. A failure to store throws: the stream retries it.
 */
export async function notifyPlanChange(
  { companyId, before, after }: HeaderChange,
  deps: NotifyDeps = {},
): Promise<NotifyReport> {
  const report: NotifyReport = { notified: [], mailed: [], mailFailed: [] };
  const event = planEventOf(before, after);
  if (!event) return report;
  report.event = event.kind;
  const [users, account, activity, company] = await Promise.all([
    listCompanyUsers(companyId),
    getAccount(companyId, after.AccountId),
    getActivity(companyId, after.ActivityId),
    deps.mailer ? getCompany(companyId) : undefined,
  ]);
  const recipients = recipientsOf(event, after, users);
  if (!recipients.length) return report;
  const actorName = users.find((u) => sameEmail(u.email, event.actorEmail))?.name || event.actorEmail;
  const languages: MailLanguage[] = isLocale(company?.DefaultLocale) ? [company.DefaultLocale] : ['en', 'he'];
  // Read once for the event's mails (a table read and an S3 read), not per recipient; a logo that
  // cannot be read leaves the mails without it rather than failing the batch.
  const logo = deps.mailer
    ? await companyLogo(companyId).catch((err: unknown) => {
        log.warn('notification mails go without the company logo', { ...errorFields(err), companyId });
        return undefined;
      })
    : undefined;
  const mailLogo = logo && { ...logo, alt: company?.Name ?? '' };
  for (const u of recipients) {
    const draft: NotificationDraft = {
      companyId,
      recipient: u.sub,
      kind: event.kind,
      accountId: after.AccountId,
      accountName: account?.Name ?? `#${after.AccountId}`,
      activityId: after.ActivityId,
      activityName: activity?.Name ?? `#${after.ActivityId}`,
      versionId: after.ID,
      version: after.Version,
      headerVersion: after.version,
      actorName,
      reason: event.reason,
      at: event.at,
    };
    const put = await putNotificationOnce(draft);
    report.notified.push(u.sub);
    if (!deps.mailer || put.mailed || !u.email) continue;
    try {
      const messageId = await deps.mailer.send(mailOf(draft, u.email, languages, deps.consoleUrl, mailLogo));
      await markMailed(companyId, u.sub, put.id, messageId);
      report.mailed.push(u.sub);
    } catch (err) {
      report.mailFailed.push(u.sub);
      log.warn('notification mail not sent', {
        ...errorFields(err),
        companyId,
        versionId: after.ID,
        kind: event.kind,
        recipient: u.sub,
      });
    }
  }
  return report;
}
