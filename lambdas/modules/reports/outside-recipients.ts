import { log } from '../../core/logger';
import type { Mailer } from '../../aws/ses-mailer';
import {
  addPendingRecipient,
  claimConfirmationMail,
  listOutsideRecipients,
  oweConfirmationAgain,
  takeOutsideMail,
} from './outside-recipient-store.dynamodb';
import type { OutsideState } from './outside-recipient-store';
import type { DueConfirmation } from './schedule-store';
import type { ScheduleLanguage } from './replies/report-schedules';
import { unsubscribeKey } from './unsubscribe-key-store.secrets-manager';
import { todayIn } from '../../shared/company-day';
import { companySyncSettings } from '../connectors';
import { confirmationMail } from './schedule-mail';
import { confirmToken } from './unsubscribe-token';
import type { LogoOf } from './schedule-logo';

/**
 * Outside recipients of scheduled reports (docs/reports.md "Outside recipients"): an address that is
 * no user of the company receives nothing until it has confirmed, once per company, through the
 * link of a confirmation mail (Mixdesk's own text: nothing the user typed); and the company's mails
 * to outside addresses — confirmation mails and reports alike — are capped per company day, so
 * schedules cannot be turned into a mail relay.
 */
export const OUTSIDE_MAILS_PER_DAY = 100;

/** Each outside address of a saved schedule that the company has not asked yet: pending, its confirmation mail owed. */
export async function requestConfirmations(
  companyId: number,
  outside: readonly string[],
  language: ScheduleLanguage,
  by: string,
  now: Date,
): Promise<void> {
  for (const address of outside) await addPendingRecipient(companyId, address, language, by, now.toISOString());
}

/** The state of each of the company's outside addresses (lower case). */
export async function outsideStates(companyId: number): Promise<Map<string, OutsideState>> {
  return new Map((await listOutsideRecipients(companyId)).map((r) => [r.Address.toLowerCase(), r.State]));
}

/** One mail of today's allowance to outside addresses (the company's day); false when it is spent. */
export async function takeOutsideAllowance(
  companyId: number,
  now: Date,
  cap = OUTSIDE_MAILS_PER_DAY,
): Promise<boolean> {
  const { timeZone } = await companySyncSettings(companyId);
  return takeOutsideMail(companyId, todayIn(timeZone, now), cap);
}

/**
 * A link's URL with the token appended, and for a language other than Hebrew and English its page
 * language (`l`, unsigned: it only chooses the words of the page, unsubscribe.ts), since without it
 * a page that knows no schedule (a link not valid, a schedule gone) is in Hebrew and English.
 */
export const withToken = (url: string, token: string, lang?: ScheduleLanguage) =>
  `${url}${url.includes('?') ? '&' : '?'}t=${token}${lang && lang !== 'he' && lang !== 'en' ? `&l=${lang}` : ''}`;

/**
 * An owed confirmation mail, claimed from the due index: mailed when today's allowance has room,
 * else (or when the mailer fails) owed again at `retryAt`. Returns whether it went.
 */
export async function sendConfirmation(
  companyId: number,
  c: DueConfirmation,
  deps: { mailer: Mailer; confirmUrl: string; now: Date; retryAt: Date; cap?: number; logoOf?: LogoOf },
): Promise<'sent' | 'skipped' | 'deferred'> {
  if (!(await claimConfirmationMail(companyId, c))) return 'skipped';
  const owe = async (why: string) => {
    await oweConfirmationAgain(companyId, c.Address, deps.retryAt.toISOString());
    log.warn('scheduled reports: a confirmation mail deferred', { companyId, why });
    return 'deferred' as const;
  };
  if (!(await takeOutsideAllowance(companyId, deps.now, deps.cap))) return owe('OUTSIDE_DAILY_CAP');
  try {
    const token = confirmToken(await unsubscribeKey(), { companyId, address: c.Address });
    const link = withToken(deps.confirmUrl, token, c.Language);
    const logo = await deps.logoOf?.(companyId);
    await deps.mailer.send(confirmationMail(c.Language, c.Address, link, logo));
    return 'sent';
  } catch (err) {
    return owe(`MAIL_FAILED: ${(err as Error).message}`);
  }
}
