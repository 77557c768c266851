import type { Account } from '../../../lib/api-types';

export type SortKey = 'ID' | 'Name' | 'Currency' | 'ManagementFeePct' | 'ContactName' | 'ContactEmail' | 'updatedAt';

/** Rows whose id, name or contact contain the quick-filter text (case-insensitive). */
export function quickFilter(rows: readonly Account[], text: string): Account[] {
  const q = text.trim().toLocaleLowerCase();
  if (!q) return rows.slice();
  return rows.filter((a) =>
    [String(a.ID), a.Name, a.ContactName, a.ContactEmail, a.Phone, a.Website].some((v) =>
      (v ?? '').toLocaleLowerCase().includes(q),
    ),
  );
}
