import { readCache } from '../core/read-cache';
import type { CallerIdentity, UserProfile } from '../core/caller';
import type { CallerLookups } from './caller-port';
import { UnauthorizedError } from '../core/errors';

/**
 * The profile behind a Cognito `sub`. Two reads, two policies (docs/domain.md):
 * - the gate: the identity pointer (`SUB#<sub>`), read strongly consistent on EVERY request: it
 *   carries the user's status and sign-out cut-off, so a disabled user, or a session begun before
 *   "sign out everywhere", is refused at once in every container, not within 30 s;
 * - the profile itself (permissions, account access), kept in the container for at most 30 s: a
 *   permission change applies within that time, without a token refresh. Concurrent requests of
 *   one user share the one read.
 */
const profiles = readCache<UserProfile | undefined>();

export interface Session {
  /** When the session's sign-in happened (the token's auth_time, else its iat), epoch seconds. */
  authTime?: number;
}

/** The caller, and their gate: settled when admitted in order; still running when read beside the method. */
export interface Admission {
  caller: UserProfile;
  gate: Promise<unknown>;
}

/** The gate read and its refusals: no profile, disabled, or a session from before "sign out everywhere". */
async function passGate(lookups: CallerLookups, sub: string, session: Session): Promise<CallerIdentity> {
  const identity = await lookups.identity(sub);
  if (!identity) throw new UnauthorizedError('No Mixdesk profile for this user', 'USER_NO_PROFILE');
  if (identity.status === 'disabled') throw new UnauthorizedError('This user is disabled', 'USER_DISABLED');
  if (
    identity.tokensValidAfter &&
    session.authTime !== undefined &&
    session.authTime * 1000 < Date.parse(identity.tokensValidAfter)
  ) {
    throw new UnauthorizedError('This session was signed out; sign in again', 'SESSION_REVOKED');
  }
  return identity;
}

function active(profile: UserProfile | undefined): UserProfile {
  if (!profile) throw new UnauthorizedError('No Mixdesk profile for this user', 'USER_NO_PROFILE');
  if (profile.status !== 'active') throw new UnauthorizedError('This user is disabled', 'USER_DISABLED');
  return profile;
}

/** The caller, gate first: what write routes (and tests) use. */
export async function loadCaller(
  lookups: CallerLookups,
  sub: string | undefined,
  now = Date.now(),
  session: Session = {},
): Promise<UserProfile> {
  if (!sub) throw new UnauthorizedError('Token has no subject', 'NOT_SIGNED_IN');
  const identity = await passGate(lookups, sub, session);
  return active(await profiles.get(sub, () => lookups.profile(identity.companyId, sub), now));
}

/**
 * The caller of a route. `alongside` (read-only routes, kit/handler.ts): when the profile is in the
 * container's cache, the gate read starts and the caller is answered without waiting for it — one
 * DynamoDB round trip less on every read. The kit then runs the method beside the gate and answers
 * the gate's refusal instead of whatever the method answered (`afterGate`), so a refused session
 * still gets nothing; a read route cannot write (its cloud grant is read-only). Otherwise (a write, a
 * route with `gateFirst`, a profile not cached) the gate is passed before anything else.
 */
export async function admitCaller(
  lookups: CallerLookups,
  sub: string | undefined,
  session: Session,
  alongside: boolean,
  now = Date.now(),
): Promise<Admission> {
  const cached = alongside && sub ? profiles.peek(sub, now) : undefined;
  if (!cached) return { caller: await loadCaller(lookups, sub, now, session), gate: Promise.resolve() };
  const gate = passGate(lookups, sub!, session);
  gate.catch(() => undefined); // awaited by the kit (afterGate); not an unhandled rejection meanwhile
  try {
    return { caller: active(await cached), gate };
  } catch (err) {
    await gate; // its refusal first
    throw err;
  }
}

/** The work's outcome once the gate has passed; the gate's refusal when it has not, whatever the work did. */
export async function afterGate<T>(gate: Promise<unknown>, work: Promise<T>): Promise<T> {
  const [passed, done] = await Promise.allSettled([gate, work]);
  if (passed.status === 'rejected') throw passed.reason;
  if (done.status === 'rejected') throw done.reason;
  return done.value;
}

/** Tests and the local server change profiles between calls; they clear the cache. */
export function clearCallerCache(): void {
  profiles.clear();
}
