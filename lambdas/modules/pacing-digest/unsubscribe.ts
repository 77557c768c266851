import { readLink, signLink } from '../../core/signed-link';
import { log } from '../../core/logger';
import { getCompany, getProfile } from '../tenancy';
import { isLocale, type Locale } from '../../shared/locales';
import { turnDigestOff } from './settings';
import { getSetting } from './store.dynamodb';

/**
 * The digest's one-click unsubscribe (docs/notifications.md "Pacing digest"): a signed link
 * (core/signed-link.ts, the stage's link key) of its own purpose naming one company and one user;
 * opening it (GET) turns that user's digest off, nothing else. GET acts, unlike the order and
 * contact pages, because the change is the user's own, harmless and undone in the profile, and a
 * mail's unsubscribe must be one click.
 */
export const DIGEST_UNSUBSCRIBE_PURPOSE = 'pacing-digest-off';
/** A link stays good for a year after its mail. */
const LINK_DAYS = 365;

export function digestUnsubscribeToken(key: Buffer, companyId: number, sub: string, now: Date): string {
  return signLink(
    key,
    DIGEST_UNSUBSCRIBE_PURPOSE,
    [String(companyId), sub],
    new Date(now.getTime() + LINK_DAYS * 86_400_000),
  );
}

export interface DigestUnsubscribeOutcome {
  status: 200 | 400 | 404 | 410;
  language: Locale;
}

export async function unsubscribeDigest(
  key: Buffer,
  token: string | undefined,
  now = new Date(),
): Promise<DigestUnsubscribeOutcome> {
  const read = readLink(key, DIGEST_UNSUBSCRIBE_PURPOSE, token, now);
  if (!read.ok) {
    log.warn('pacing digest unsubscribe: a link that is not valid', { why: read.why });
    return { status: read.why === 'expired' ? 410 : 400, language: 'en' };
  }
  const [cid, sub] = read.fields;
  const companyId = Number(cid);
  if (!Number.isInteger(companyId) || companyId < 1 || !sub) return { status: 400, language: 'en' };
  const [user, setting, company] = await Promise.all([
    getProfile(companyId, sub),
    getSetting(companyId, sub),
    getCompany(companyId),
  ]);
  const language = isLocale(setting?.language)
    ? setting.language
    : isLocale(company?.DefaultLocale)
      ? company.DefaultLocale
      : 'en';
  if (!user) return { status: 404, language };
  await turnDigestOff(user, now);
  log.info('pacing digest unsubscribe: a user turned the digest off', { companyId });
  return { status: 200, language };
}
