import { roundHalfUp } from '@server/shared/round-half-up';

/**
 * Locale-aware formatting: thousands separators, 2 decimals rounded half-up, dates and
 * currency per locale. Invalid input gives the supplied fallback ("0" by default).
 */
const INTL_LOCALES: Record<string, string> = { he: 'he-IL', en: 'en-US', fr: 'fr-FR', ro: 'ro-RO', zh: 'zh-CN' };

export const intlLocale = (locale: string) => INTL_LOCALES[locale] ?? locale;

/** Currency codes of the API: 1 dollar, 2 shekel. */
export const CURRENCY_CODES: Record<number, string> = { 1: 'USD', 2: 'ILS' };
export const CURRENCY_SIGNS: Record<number, string> = { 1: '$', 2: '₪' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An Intl number formatter, built once per locale and options: building one costs far more than
 * using it, and a 200-line media plan formats about 1,500 figures.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormats.set(key, f);
  }
  return f;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Half-up rounding without binary drift, as the server rounds the figures of its files. */
export { roundHalfUp };

export function formatNumber(
  value: unknown,
  locale = 'en',
  opts: { decimals?: number; fallback?: string } = {},
): string {
  const decimals = opts.decimals ?? 2;
  const n = toNumber(value);
  if (n === null) return opts.fallback ?? '0';
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    roundHalfUp(n, decimals),
  );
}

export function formatCurrency(value: unknown, currency: number, locale = 'en', fallback = '0'): string {
  const n = toNumber(value);
  if (n === null) return fallback;
  const code = CURRENCY_CODES[currency];
  if (!code) return formatNumber(n, locale);
  return numberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(roundHalfUp(n, 2));
}

export function formatPercent(value: unknown, locale = 'en'): string {
  const n = toNumber(value);
  return n === null ? '0%' : `${formatNumber(n, locale)}%`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * ONE date format per locale across the console: the medium date ("23 בנוב׳ 2026",
 * "Nov 23, 2026"), and the same date with the short time for a moment ("Nov 23, 2026, 6:35 PM").
 * A calendar day ("2026-11-23": activity dates, rate dates) is that day wherever the browser is —
 * formatted in UTC, where `new Date('2026-11-23')` falls — a moment is shown in the browser's zone.
 */
function dateFormat(locale: string, withTime: boolean, calendarDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${calendarDay}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'medium',
      ...(withTime && !calendarDay ? { timeStyle: 'short' } : {}),
      ...(calendarDay ? { timeZone: 'UTC' } : {}),
    });
    dateFormats.set(key, f);
  }
  return f;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (a calendar day "YYYY-MM-DD", an ISO moment or a Date) as the locale writes it; '' for nothing, the input for garbage. */
export function formatDate(value: string | Date | null | undefined, locale = 'en', withTime = false): string {
  if (!value) return '';
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateFormat(locale, withTime, calendarDay).format(d);
}

const nextCalendarDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Calendar days as runs of consecutive days ("Sep 1 – 2, 2026; Sep 9, 2026"), in the locale's words. */
export function formatDayRanges(days: readonly string[], locale = 'en'): string {
  const runs: [string, string][] = [];
  for (const d of [...days].sort()) {
    const last = runs[runs.length - 1];
    if (last && nextCalendarDay(last[1]) === d) last[1] = d;
    else runs.push([d, d]);
  }
  const f = dateFormat(locale, false, true);
  return runs.map(([a, b]) => (a === b ? f.format(new Date(a)) : f.formatRange(new Date(a), new Date(b)))).join('; ');
}
