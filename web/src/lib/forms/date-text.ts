/** Dates as the console's inputs hold them (YYYY-MM-DD) and as they are typed in the UI's language. */

/** What a date input holds: '' (none), YYYY-MM-DD, or INVALID_DATE while what is typed is no date. */
export const INVALID_DATE = 'invalid-date';
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD → a local Date (midnight), or null for '' and anything that is no real day. */
export function dateFromIso(text: string): Date | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getFullYear() === Number(m[1]) && d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3])
    ? d
    : null;
}

/** A picked Date → YYYY-MM-DD (the wire's format); null → ''; an unfinished one → INVALID_DATE. */
export function isoFromDate(d: Date | null): string {
  if (d === null) return '';
  if (Number.isNaN(d.getTime())) return INVALID_DATE;
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * How a date is typed in each UI language: day, month and year in the locale's order and with its
 * separator (31.12.2026 in Hebrew and Romanian, 31/12/2026 in French, 12/31/2026 in English,
 * 2026-12-31 in Chinese). The pickers use the same pattern (date-fns tokens), so the plan grid's plain
 * inputs, which cannot carry a picker each, read and write what a picker shows. date-fns' own short
 * date is not used: in Chinese it has a two-digit year.
 */
const TYPED: Record<string, { order: 'dmy' | 'mdy' | 'ymd'; sep: string }> = {
  he: { order: 'dmy', sep: '.' },
  en: { order: 'mdy', sep: '/' },
  fr: { order: 'dmy', sep: '/' },
  ro: { order: 'dmy', sep: '.' },
  zh: { order: 'ymd', sep: '-' },
};
const typedOf = (locale: string) => TYPED[locale] ?? TYPED.en;

/** The typed date's pattern in date-fns tokens (the pickers' `format`). */
export function datePattern(locale: string): string {
  const { order, sep } = typedOf(locale);
  const part = { d: 'dd', m: 'MM', y: 'yyyy' };
  return [...order].map((c) => part[c as 'd' | 'm' | 'y']).join(sep);
}

/** YYYY-MM-DD → the date as typed in the UI's language ('' for anything else). */
export function dateInputText(iso: string, locale: string): string {
  const m = ISO.exec(iso);
  if (!m) return '';
  const { order, sep } = typedOf(locale);
  const part = { y: m[1], m: m[2], d: m[3] };
  return [...order].map((c) => part[c as 'd' | 'm' | 'y']).join(sep);
}

/** What was typed in the UI's format → YYYY-MM-DD; '' for nothing; INVALID_DATE for anything that is no real day. */
export function dateFromInputText(text: string, locale: string): string {
  const t = text.trim();
  if (t === '') return '';
  const { order } = typedOf(locale);
  const m = (order === 'ymd' ? /^(\d{4})[./-](\d{1,2})[./-](\d{1,2})$/ : /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/).exec(
    t,
  );
  if (!m) return INVALID_DATE;
  const at = (c: string) => m[order.indexOf(c) + 1];
  const iso = `${at('y')}-${at('m').padStart(2, '0')}-${at('d').padStart(2, '0')}`;
  return dateFromIso(iso) ? iso : INVALID_DATE;
}
