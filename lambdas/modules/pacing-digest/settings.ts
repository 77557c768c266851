import type { output } from 'zod/mini';
import type { UserProfile } from '../tenancy';
import { isClientOnly } from '../../shared/permissions';
import type { PacingDigestSettingView } from './replies';
import type { savePacingDigestSetting } from './schemas';
import type { DigestSetting } from './store';
import { getSetting, saveSetting } from './store.dynamodb';

/** The thresholds until a user chooses their own: the product's usual pacing band. */
export const DEFAULT_LOWER = 90;
export const DEFAULT_UPPER = 110;

/**
 * A user's setting, the defaults while none is saved: off for a client-only user (a client is not
 * mailed unless they ask), weekly for agency staff (docs/notifications.md "Pacing digest").
 */
export function settingOrDefault(user: Pick<UserProfile, 'sub' | 'permissions'>, saved?: DigestSetting): DigestSetting {
  if (saved) return saved;
  return {
    sub: user.sub,
    frequency: isClientOnly(user.permissions) ? 'off' : 'weekly',
    lower: DEFAULT_LOWER,
    upper: DEFAULT_UPPER,
    language: null,
    version: 0,
    updatedAt: '',
    updatedBy: '',
  };
}

const viewOf = (s: DigestSetting): PacingDigestSettingView => ({
  Frequency: s.frequency,
  Lower: s.lower,
  Upper: s.upper,
  Language: s.language,
  Saved: s.version > 0,
  version: s.version,
});

export async function digestSettingFor(caller: UserProfile): Promise<PacingDigestSettingView> {
  return viewOf(settingOrDefault(caller, await getSetting(caller.companyId, caller.sub)));
}

/** Saves the caller's own setting (keys from the caller, never from input), audited. */
export async function saveDigestSettingFor(
  caller: UserProfile,
  input: output<typeof savePacingDigestSetting>,
  now = new Date(),
): Promise<PacingDigestSettingView> {
  const before = await getSetting(caller.companyId, caller.sub);
  const s = input.setting;
  const next: DigestSetting = {
    sub: caller.sub,
    frequency: s.frequency,
    lower: s.lower,
    upper: s.upper,
    language: s.language ?? before?.language ?? null,
    version: (before?.version ?? 0) + 1,
    updatedAt: now.toISOString(),
    updatedBy: caller.email,
  };
  await saveSetting(caller.companyId, next, before, caller.email);
  return viewOf(next);
}

/**
 * The unsubscribe link's change: the user's setting off (their thresholds kept). Idempotent: an
 * already-off setting is left as it is. Audited as the user's own change through their link.
 */
export async function turnDigestOff(
  user: Pick<UserProfile, 'sub' | 'permissions' | 'email' | 'companyId'>,
  now = new Date(),
): Promise<void> {
  const before = await getSetting(user.companyId, user.sub);
  const current = settingOrDefault(user, before);
  if (current.frequency === 'off') return;
  const next: DigestSetting = {
    ...current,
    frequency: 'off',
    version: (before?.version ?? 0) + 1,
    updatedAt: now.toISOString(),
    updatedBy: `${user.email} (unsubscribe link)`,
  };
  await saveSetting(user.companyId, next, before, next.updatedBy);
}
