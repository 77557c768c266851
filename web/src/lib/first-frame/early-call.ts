/**
 * A call of the console sent before its code has started (first-frame/start.ts), for the API client
 * to take instead of sending it again: the same address, body, account and token, taken once.
 */
interface EarlyCall {
  key: string;
  response: Promise<Response>;
}

const SLOT = '__mixdeskEarlyCall';
type Slot = { [SLOT]?: EarlyCall };

/** A call's identity: what the API client would send. */
export function earlyKey(url: string, body: string, accountId: string | null, token: string): string {
  return JSON.stringify([url, body, accountId, token]);
}

/**
 * Sends the call and leaves it for the console. Resolves with a copy of the reply for the caller's
 * own reading, or null when the call failed (the console then meets the failure as its own).
 */
export function sendEarly(
  url: string,
  body: string,
  accountId: string | null,
  token: string,
): Promise<Response | null> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  if (accountId !== null) headers['x-account-id'] = accountId;
  const response = fetch(url, { method: 'POST', headers, body });
  // The copy is made before the console can read the reply: a read body cannot be copied.
  const copy = response.then((r) => r.clone());
  (window as Slot)[SLOT] = { key: earlyKey(url, body, accountId, token), response: copy.then(() => response) };
  return copy.catch(() => null);
}

/** The call sent early with this identity, once; null when there is none. */
export function takeEarly(key: string): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const slot = window as Slot;
  const call = slot[SLOT];
  if (call?.key !== key) return null;
  delete slot[SLOT];
  return call.response;
}

/**
 * Once the console has opened its first screen, a call sent early and not taken is dropped: a later
 * call with the same identity must read what is stored then.
 */
export function dropEarly(): void {
  if (typeof window !== 'undefined') delete (window as Slot)[SLOT];
}
