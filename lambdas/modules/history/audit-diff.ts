import { minorToNumber } from '../../shared/money-primitives';
import { MAX_HISTORY_FIELDS, MAX_HISTORY_VALUE, type FieldChange, type HistoryValue } from './replies';

/**
 * What an audit entry changed, as a person reads it: the fields whose value differs
 * between the entry's `before` and `after` — on a create, the fields it set — and nothing else. Pure:
 * the history route and its tests call it on the stored snapshots.
 *
 * - Bookkeeping is left out: the optimistic version, who/when stamps (the entry says who and when),
 *   table keys (pk, sk, gsi*), the entity marker and the store's internal fields.
 * - Secrets never leave: a field whose name says password, secret, token, credential… is not shown.
 * - Money kept in integer minor units (`BudgetMinor`) is shown as its amount under the field's name
 *   (`Budget`), and left out where the item keeps the amount beside it.
 * - Nested objects are named by path (`Fees.Management`, three levels); lists are shown whole.
 * - Bounded: at most MAX_HISTORY_FIELDS changes (the rest counted), values cut to MAX_HISTORY_VALUE
 *   characters with an ellipsis.
 */

const BOOKKEEPING = new Set([
  'version',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'pk',
  'sk',
  'entity',
  'expiresAt',
  'ttl',
  'ApplyId',
  'PendingApplies',
  'LineLock',
  'lockedAt',
]);
const isBookkeeping = (key: string) => BOOKKEEPING.has(key) || /^gsi\d*(pk|sk)$/i.test(key) || key.startsWith('_');

/** A field that must never be shown, before or after. */
export const isSecretField = (key: string) =>
  /password|passcode|secret|token|credential|private.?key|api.?key|totp|otp(?![a-z])/i.test(key);

const MAX_DEPTH = 3;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a snapshot by path, raw (for comparing) — bookkeeping and secrets left out. */
export function fieldsOf(snapshot: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isPlainObject(snapshot)) return out;
  const walk = (obj: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(obj)) {
      if (isBookkeeping(key) || isSecretField(key)) continue;
      const path = prefix + key;
      if (key.endsWith('Minor') && key.length > 5 && (typeof value === 'number' || value === null)) {
        const base = key.slice(0, -5);
        if (base in obj) continue; // the amount is kept beside it
        out.set(prefix + base, typeof value === 'number' && Number.isSafeInteger(value) ? minorToNumber(value) : value);
        continue;
      }
      if (isPlainObject(value) && depth < MAX_DEPTH) walk(value, `${path}.`, depth + 1);
      else out.set(path, value);
    }
  };
  walk(snapshot, '', 1);
  return out;
}

const cut = (s: string) => (s.length > MAX_HISTORY_VALUE ? `${s.slice(0, MAX_HISTORY_VALUE - 1)}…` : s);

/** A raw value as shown: text cut, numbers and yes/no as they are, lists and objects as cut JSON. */
export function shownValue(v: unknown): HistoryValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return cut(v);
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  try {
    return cut(
      JSON.stringify(v, (_k, x: unknown) =>
        isPlainObject(x)
          ? Object.fromEntries(Object.entries(x).filter(([k]) => !isSecretField(k) && !isBookkeeping(k)))
          : x,
      ),
    );
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export interface ChangeList {
  changes: FieldChange[];
  more: number;
}

/** The changed fields between two snapshots (either may be null: a create, or an entry without one). */
export function diffSnapshots(before: unknown, after: unknown, maxFields = MAX_HISTORY_FIELDS): ChangeList {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const names = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  const all: FieldChange[] = [];
  for (const name of names) {
    const was = b.get(name);
    const now = a.get(name);
    if (same(was, now)) continue;
    if (isEmpty(was) && isEmpty(now)) continue;
    all.push({ Field: name, Before: shownValue(was), After: shownValue(now) });
  }
  return { changes: all.slice(0, maxFields), more: Math.max(0, all.length - maxFields) };
}
