import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An unsubscribe link's token: it names the company, the schedule and the address,
 * and is signed with HMAC-SHA256 under the stage's unsubscribe key (modules/reports/unsubscribe-key-store.ts):
 * `v1.<companyId>.<scheduleId>.<address, base64url>.<signature, base64url>`. Whoever holds a link can
 * remove that one address from that one schedule, nothing else; an altered or forged token fails the
 * signature check (compared in constant time). No expiry: a link in an old mail still unsubscribes.
 */
export interface UnsubscribeClaim {
  companyId: number;
  scheduleId: number;
  address: string;
}

const b64url = (b: Buffer) => b.toString('base64url');
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload, 'utf8').digest();

export function unsubscribeToken(key: Buffer, c: UnsubscribeClaim): string {
  const payload = `v1.${c.companyId}.${c.scheduleId}.${b64url(Buffer.from(c.address.toLowerCase(), 'utf8'))}`;
  return `${payload}.${b64url(sign(key, payload))}`;
}

/** The claim of a genuine token; null for anything else (malformed, altered, signed with another key). */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | null {
  const m = /^(v1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{1,400}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = sign(key, m[1]);
  const given = Buffer.from(m[5], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const address = Buffer.from(m[4], 'base64url').toString('utf8');
  if (!address.includes('@')) return null;
  return { companyId: Number(m[2]), scheduleId: Number(m[3]), address };
}

/**
 * A confirmation link's token: an outside address confirms, once per company, that it wants the
 * company's scheduled reports (`c1.<companyId>.<address, base64url>.<signature>`, the same key).
 * Its own prefix, so an unsubscribe token can never confirm, nor a confirmation token unsubscribe.
 */
export interface ConfirmClaim {
  companyId: number;
  address: string;
}

export function confirmToken(key: Buffer, c: ConfirmClaim): string {
  const payload = `c1.${c.companyId}.${b64url(Buffer.from(c.address.toLowerCase(), 'utf8'))}`;
  return `${payload}.${b64url(sign(key, payload))}`;
}

export function readConfirmToken(key: Buffer, token: string): ConfirmClaim | null {
  const m = /^(c1\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{1,400}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = sign(key, m[1]);
  const given = Buffer.from(m[4], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const address = Buffer.from(m[3], 'base64url').toString('utf8');
  if (!address.includes('@')) return null;
  return { companyId: Number(m[2]), address };
}
