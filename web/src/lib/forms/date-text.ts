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
 * How a date is typed in the UI's language — the picker's format (date-fns' short date): 31.12.2026
 * in Hebrew, 12/31/2026 otherwise. For the plan grid's plain inputs, which cannot carry a picker each.
 */
export function dateInputText(iso: string, locale: string): string {
  const m = ISO.exec(iso);
  if (!m) return '';
  return locale === 'he' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

/** What was typed in the UI's format → YYYY-MM-DD; '' for nothing; INVALID_DATE for anything that is no real day. */
export function dateFromInputText(text: string, locale: string): string {
  const t = text.trim();
  if (t === '') return '';
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  if (!m) return INVALID_DATE;
  const [day, month] = locale === 'he' ? [m[1], m[2]] : [m[2], m[1]];
  const iso = `${m[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return dateFromIso(iso) ? iso : INVALID_DATE;
}
