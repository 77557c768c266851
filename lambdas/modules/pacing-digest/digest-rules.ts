import { TZDate } from '@date-fns/tz';
import type { LivePlanPacing } from '../performance';
import type { UserProfile } from '../tenancy';
import type { DigestFrequency } from './replies';
import type { DigestSetting } from './store';

/**
 * What a user's digest holds and when it is due (docs/notifications.md "Pacing digest"). Pure: no
 * store, no clock.
 */

/** The company's morning: a digest is due from this hour of its time zone (the job runs hourly). */
export const DIGEST_HOUR = 7;

/**
 * The period a digest due at `now` covers, or null when none is due: daily — every company day
 * from DIGEST_HOUR (`D<day>`); weekly — Mondays from DIGEST_HOUR (`W<day>`). One claim per user and
 * period, so later runs of the same day (or Monday) find it claimed.
 */
export function duePeriod(
  frequency: DigestFrequency,
  now: Date,
  timeZone: string,
  hour: number = DIGEST_HOUR,
): string | null {
  if (frequency === 'off') return null;
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getHours() < hour) return null;
  const day = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  if (frequency === 'daily') return `D${day}`;
  return local.getDay() === 1 ? `W${day}` : null;
}

export interface DigestEntry {
  pacing: LivePlanPacing;
  alert: 'under' | 'over';
  /** Why the user gets it: they created the activity, approved its plan, or both. */
  roles: ('owner' | 'approver')[];
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** May the user open this account in the console: the access rule of tenancy's maySeeAccount, by main account. */
const opens = (user: Pick<UserProfile, 'accountAccess'>, mainAccountId: number) =>
  user.accountAccess === 'all' || user.accountAccess.includes(mainAccountId);

/**
 * The live activities of a user's digest: those whose plan paces under `lower` or over `upper` %
 * (a plan with nothing planned to date yet has no %: left out), that the user created or whose
 * plan version they approved, on an account they may open. Under-pacing first, then by activity.
 */
export function entriesFor(
  user: Pick<UserProfile, 'email' | 'accountAccess' | 'status'>,
  setting: Pick<DigestSetting, 'lower' | 'upper'>,
  pacings: readonly LivePlanPacing[],
  ownerOf: ReadonlyMap<number, string>,
): DigestEntry[] {
  if (user.status !== 'active') return [];
  const out: DigestEntry[] = [];
  for (const p of pacings) {
    const pct = p.Pacing.PacingPct;
    if (p.Pacing.Phase !== 'live' || pct === null) continue;
    const alert = pct < setting.lower ? 'under' : pct > setting.upper ? 'over' : null;
    if (!alert || !opens(user, p.MainAccountId)) continue;
    const roles: DigestEntry['roles'] = [];
    if (sameEmail(ownerOf.get(p.ActivityId), user.email)) roles.push('owner');
    if (sameEmail(p.ApprovedBy, user.email)) roles.push('approver');
    if (roles.length) out.push({ pacing: p, alert, roles });
  }
  return out.sort(
    (a, b) => (a.alert === b.alert ? 0 : a.alert === 'under' ? -1 : 1) || a.pacing.ActivityId - b.pacing.ActivityId,
  );
}
