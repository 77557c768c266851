import { errorFields, log } from '../../core/logger';
import { linkKey } from '../../aws/link-key';
import { mailerFromEnv, type Mailer } from '../../aws/ses-mailer';
import { isLocale, type Locale } from '../../shared/locales';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/calendar';
import { getActivity } from '../activities';
import { cachedConfiguration } from '../configurations';
import { listCompanyUsers, putNotificationOnce } from '../notifications';
import { livePlanPacings, type LivePacings } from '../performance';
import { getCompany, listCompanyIds, type UserProfile } from '../tenancy';
import { DIGEST_HOUR, duePeriod, entriesFor, type DigestEntry } from './digest-rules';
import { digestMail } from './digest-mail';
import { settingOrDefault } from './settings';
import type { DigestSetting } from './store';
import { claimDigest, listSettings } from './store.dynamodb';
import { digestUnsubscribeToken } from './unsubscribe';

/**
 * The pacing digest's run (docs/notifications.md "Pacing digest"), hourly: per company, the users
 * whose digest is due now (duePeriod, company time zone); each user's period is CLAIMED with a
 * conditional put before anything is written or sent, so an overlapping or later run never mails
 * twice. Then the user's off-pace activities (entriesFor, checked against the user's account
 * access here, at send time) go to the bell, one notification each, and in one mail. A mail that
 * fails is logged and not tried again: the bell holds the same alerts.
 */
export interface DigestDeps {
  mailer?: Mailer;
  /** The console's origin, for the links to each activity (CONSOLE_URL). */
  consoleUrl?: string;
  /** The public URL of the unsubscribe page (DIGEST_UNSUBSCRIBE_URL). */
  unsubscribeUrl?: string;
  /** The hour of the company day a digest is due from (tests: 0). */
  hour?: number;
  /** Only these companies (tests sharing one table); default every company. */
  companyIds?: readonly number[];
}

export interface DigestRunSummary {
  mailed: number;
  /** Users whose period was claimed before (not mailed again). */
  claimedBefore: number;
  /** Users due with nothing off pace. */
  nothingToSay: number;
  failed: number;
  notified: number;
}

export async function runPacingDigests(now: Date = new Date(), deps: DigestDeps = {}): Promise<DigestRunSummary> {
  const summary: DigestRunSummary = { mailed: 0, claimedBefore: 0, nothingToSay: 0, failed: 0, notified: 0 };
  const mailer = deps.mailer ?? mailerFromEnv();
  const unsubscribeUrl = deps.unsubscribeUrl ?? process.env.DIGEST_UNSUBSCRIBE_URL;
  if (!mailer || !unsubscribeUrl) {
    log.warn('pacing digest: no mailer or no unsubscribe URL; nothing is claimed');
    return summary;
  }
  const companies = deps.companyIds ?? (await listCompanyIds());
  for (const companyId of companies) {
    try {
      await runCompany(companyId, now, { ...deps, mailer, unsubscribeUrl }, summary);
    } catch (err) {
      // One company's failure must not stop the others; its claimed users wait for the next period.
      summary.failed++;
      log.error('pacing digest: a company failed', { companyId, ...errorFields(err) });
    }
  }
  if (summary.mailed || summary.failed) log.info('pacing digest', { ...summary });
  return summary;
}

interface Due {
  user: UserProfile;
  setting: DigestSetting;
  period: string;
}

type RunDeps = DigestDeps & { mailer: Mailer; unsubscribeUrl: string };

async function runCompany(companyId: number, now: Date, deps: RunDeps, summary: DigestRunSummary): Promise<void> {
  const config = await cachedConfiguration(companyId);
  const timeZone = isTimeZone(config.TimeZone) ? config.TimeZone : DEFAULT_TIME_ZONE;
  const [users, settings] = await Promise.all([listCompanyUsers(companyId), listSettings(companyId)]);
  const saved = new Map(settings.map((s) => [s.sub, s]));
  const due: Due[] = [];
  for (const user of users.filter((u) => u.status === 'active')) {
    const setting = settingOrDefault(user, saved.get(user.sub));
    const period = duePeriod(setting.frequency, now, timeZone, deps.hour ?? DIGEST_HOUR);
    if (period) due.push({ user, setting, period });
  }
  if (!due.length) return;
  const pacings = await livePlanPacings(companyId);
  const ownerOf = await ownersOf(companyId, pacings);
  const company = await getCompany(companyId);
  const fallback: Locale = isLocale(company?.DefaultLocale) ? company.DefaultLocale : 'en';
  for (const d of due) {
    const entries = entriesFor(d.user, d.setting, pacings.items, ownerOf);
    if (!(await claimDigest(companyId, d.user.sub, d.period, now.toISOString()))) {
      summary.claimedBefore++;
      continue;
    }
    if (!entries.length) {
      summary.nothingToSay++;
      continue;
    }
    summary.notified += await toBell(companyId, d.user.sub, entries, now);
    const language = isLocale(d.setting.language) ? d.setting.language : fallback;
    await mailOne(companyId, d, entries, language, now, deps, summary);
  }
}

/** Who created each activity (its owner), read once per run. */
async function ownersOf(companyId: number, pacings: LivePacings): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const p of pacings.items) {
    const a = await getActivity(companyId, p.ActivityId);
    if (a?.createdBy) out.set(p.ActivityId, a.createdBy);
  }
  return out;
}

/** The same alerts under the bell: one notification per activity (kind pacingUnder / pacingOver, the % as its reason). */
async function toBell(companyId: number, sub: string, entries: readonly DigestEntry[], now: Date): Promise<number> {
  let written = 0;
  for (const e of entries) {
    const put = await putNotificationOnce({
      companyId,
      recipient: sub,
      kind: e.alert === 'under' ? 'pacingUnder' : 'pacingOver',
      accountId: e.pacing.AccountId,
      accountName: e.pacing.AccountName,
      activityId: e.pacing.ActivityId,
      activityName: e.pacing.ActivityName,
      versionId: e.pacing.MediaMixId,
      version: e.pacing.Version,
      headerVersion: 0,
      actorName: 'Mixdesk',
      reason: String(e.pacing.Pacing.PacingPct),
      at: now.toISOString(),
    });
    if (put.created) written++;
  }
  return written;
}

async function mailOne(
  companyId: number,
  d: Due,
  entries: readonly DigestEntry[],
  language: Locale,
  now: Date,
  deps: RunDeps,
  summary: DigestRunSummary,
): Promise<void> {
  const token = digestUnsubscribeToken(await linkKey(), companyId, d.user.sub, now);
  const mail = digestMail({
    to: d.user.email,
    language,
    daily: d.setting.frequency === 'daily',
    lower: d.setting.lower,
    upper: d.setting.upper,
    entries,
    consoleUrl: deps.consoleUrl ?? process.env.CONSOLE_URL,
    unsubscribeUrl: `${deps.unsubscribeUrl}?t=${encodeURIComponent(token)}`,
  });
  try {
    await deps.mailer.send(mail);
    summary.mailed++;
  } catch (err) {
    summary.failed++;
    log.error('pacing digest: a mail failed', { companyId, ...errorFields(err) });
  }
}
