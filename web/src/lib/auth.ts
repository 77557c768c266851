import { useSyncExternalStore } from 'react';
import { Role } from '@server/shared/permissions';
import type { LoginReply } from './api-types';
import { clearSessionStorage, readJson, removeKey, writeJson } from './storage';

/**
 * The signed-in session: the Cognito tokens the API needs and the profile LogInByAws returned.
 * Kept in localStorage so a reload keeps the user signed in (signed in only when the stored
 * tokens exist). Amplify itself is loaded only by the sign-in screens and when a token needs a refresh,
 * so the business routes do not carry it.
 */
export interface Session {
  accessToken: string;
  idToken: string;
  profile: LoginReply;
  /** The sign-in went through a TOTP code: the user has MFA on. */
  mfa: boolean;
}

const KEY = 'session';
/** Display settings survive logout (they belong to the device, not to the user's session). */
export const KEPT_ON_LOGOUT = ['settings'];

type Listener = () => void;
const listeners = new Set<Listener>();
let session: Session | null = loadStored();

function loadStored(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  const s = readJson<Session>(KEY);
  return s && s.accessToken && s.idToken && s.profile ? s : null;
}

function emit() {
  listeners.forEach((l) => l());
}

export function getSession(): Session | null {
  return session;
}

export function setSession(next: Session | null): void {
  session = next;
  if (next) writeJson(KEY, next);
  else removeKey(KEY);
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  if (session) setSession({ ...session, ...patch });
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Where a signed-in user lands: their role's home — a planner's own live activities
 * (/dashboard/default), everyone else's the accounts list. Without MFA where the company requires
 * it, the profile page first: nothing else works until it is on.
 */
export function homePathFor(s: Session): string {
  if (!s.mfa && s.profile.MfaRequired) return '/user/account-profile/profile2';
  return s.profile.RoleId === Role.Planner ? '/dashboard/default' : '/accounts/list';
}

/** The `exp` claim of a JWT in ms, or 0 when unreadable. */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: number }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

type Refresher = () => Promise<{ accessToken: string; idToken: string } | null>;
type Remote = () => Promise<void>;
let refresher: Refresher | null = null;
let remoteSignOut: Remote | null = null;

/** The app wires these to the (lazily loaded) Amplify module. */
export function setAuthBackend(r: { refresh: Refresher; signOut: Remote }): void {
  refresher = r.refresh;
  remoteSignOut = r.signOut;
}

/** The access token for the API, refreshed through Cognito when it is about to expire. */
export async function getAccessToken(): Promise<string | null> {
  if (!session) return null;
  if (tokenExpiry(session.accessToken) - Date.now() > 30_000 || !refresher) return session.accessToken;
  try {
    const fresh = await refresher();
    if (fresh && session) updateSession(fresh);
  } catch {
    /* the API answers 401 and the user signs in again */
  }
  return session?.accessToken ?? null;
}

/** Logout: forget the session at once, tell Cognito (failures only logged), then clear everything stored. */
export async function signOut(): Promise<void> {
  const remote = remoteSignOut;
  setSession(null);
  if (remote) {
    try {
      await Promise.race([remote(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    } catch (err) {
      console.warn('Sign-out failed', err);
    }
  }
  clearSessionStorage(KEPT_ON_LOGOUT);
}
