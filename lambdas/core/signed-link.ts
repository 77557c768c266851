import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring tokens for links that act without a sign-in (docs/architecture.md "Signed
 * links"): a vendor contact confirming its address today, an insertion order's acceptance later.
 *
 *   `<purpose>.<expiry, epoch seconds>.<field, base64url>…<signature, base64url>`
 *
 * The signature is HMAC-SHA256 under the stage's link key (aws/link-key.ts) over everything before
 * it, so a token names exactly one purpose and its fields and cannot be altered, re-purposed (the
 * purpose is signed: a token made for one kind of link never opens another) or extended. Reading
 * tells a forged or malformed token (`invalid`) from a genuine one that has expired (`expired`), so
 * the page can explain itself; the check is in constant time. Pure: the caller gives the key and the time.
 */
export type LinkPurpose = string;

export type ReadLink =
  | { ok: true; fields: string[]; expiresAt: Date }
  | { ok: false; why: 'invalid' | 'expired'; fields?: string[] };

const PURPOSE = /^[a-z][a-z0-9-]{0,30}$/;
/** A token's whole length: fields are short (ids, an address); anything longer is not one of ours. */
export const MAX_LINK_TOKEN = 1000;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload, 'utf8').digest();

/** A token for `purpose` naming `fields` (plain strings), good until `expiresAt`. */
export function signLink(key: Buffer, purpose: LinkPurpose, fields: readonly string[], expiresAt: Date): string {
  if (!PURPOSE.test(purpose)) throw new Error(`Not a link purpose: ${purpose}`);
  const payload = [purpose, String(Math.floor(expiresAt.getTime() / 1000)), ...fields.map(b64)].join('.');
  const token = `${payload}.${mac(key, payload).toString('base64url')}`;
  if (token.length > MAX_LINK_TOKEN) throw new Error('A signed link holds at most 1000 characters');
  return token;
}

/** The fields of a genuine token of `purpose` made with `key`; why not otherwise. */
export function readLink(key: Buffer, purpose: LinkPurpose, token: string | undefined, now: Date): ReadLink {
  if (!token || token.length > MAX_LINK_TOKEN) return { ok: false, why: 'invalid' };
  const parts = token.split('.');
  if (parts.length < 3 || parts[0] !== purpose || !/^\d{1,12}$/.test(parts[1])) return { ok: false, why: 'invalid' };
  if (!parts.slice(2).every((p) => /^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, why: 'invalid' };
  const given = Buffer.from(parts[parts.length - 1], 'base64url');
  const expected = mac(key, parts.slice(0, -1).join('.'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: 'invalid' };
  const fields = parts.slice(2, -1).map((p) => Buffer.from(p, 'base64url').toString('utf8'));
  const expiresAt = new Date(Number(parts[1]) * 1000);
  return now.getTime() >= expiresAt.getTime() ? { ok: false, why: 'expired', fields } : { ok: true, fields, expiresAt };
}
