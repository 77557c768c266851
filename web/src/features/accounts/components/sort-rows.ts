import type { Account } from '../../../lib/api-types';

export type SortKey = 'ID' | 'Name' | 'Currency' | 'ManagementFeePct' | 'ContactName' | 'ContactEmail' | 'updatedAt';
export type SortDir = 'asc' | 'desc';

/** Rows whose id, name or contact contain the quick-filter text (case-insensitive). */
export function quickFilter(rows: readonly Account[], text: string): Account[] {
  const q = text.trim().toLocaleLowerCase();
  if (!q) return rows.slice();
  return rows.filter((a) => [String(a.ID), a.Name, a.ContactName, a.ContactEmail, a.Phone, a.Website]
    .some((v) => (v ?? '').toLocaleLowerCase().includes(q)));
}

export function sortRows(rows: Account[], key: SortKey, dir: SortDir, locale: string): Account[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = dir === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x ?? ''), String(y ?? ''));
    return c !== 0 ? sign * c : a.ID - b.ID;
  });
}
