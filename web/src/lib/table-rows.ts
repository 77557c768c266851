/** Sorting and paging of the rows a grid shows (the console sorts and pages on the client). */
export type SortDir = 'asc' | 'desc';

export interface SortState<K> {
  key: K;
  dir: SortDir;
}

/** A click on a column header: that column ascending, or descending if it was ascending already. */
export function nextSort<K>(s: SortState<K>, key: K): SortState<K> {
  return { key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' };
}

const collators = new Map<string, Intl.Collator>();

/** The locale's text order (digits by value), built once per locale: building one costs far more than a sort's comparisons. */
function collatorOf(locale: string): Intl.Collator {
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, c);
  }
  return c;
}

/**
 * Sorts `rows` in place by one field: numbers as numbers, anything else as the locale orders text
 * (digits by value). Equal rows stay in ID order (`ties`: ascending or descending).
 */
export function sortByKey<T extends { ID: number }>(
  rows: T[],
  key: keyof T,
  dir: SortDir,
  locale: string,
  ties: SortDir = 'asc',
): T[] {
  const collator = collatorOf(locale);
  const sign = dir === 'asc' ? 1 : -1;
  const tie = ties === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const c =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x ?? ''), String(y ?? ''));
    return c !== 0 ? sign * c : tie * (a.ID - b.ID);
  });
}

/** The rows of one page; a page past the end (after filtering) shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): { page: number; rows: T[] } {
  const last = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shown = Math.min(page, last);
  return { page: shown, rows: rows.slice(shown * pageSize, shown * pageSize + pageSize) };
}
