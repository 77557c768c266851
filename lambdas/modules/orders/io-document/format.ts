import type { ExportLanguage } from '../../../shared/export-language';
import { INTL_TAGS } from '../../../shared/locales';
import { CURRENCY_CODES } from '../../../shared/version-status';

/**
 * Amounts, days and months of the document as its language writes them (Intl, made per call: a
 * formatter made at import would start ICU in every cold start). Excel gets numbers and dates with
 * number formats instead (xlsx.ts).
 */

export const currencyCode = (currency: 1 | 2) => CURRENCY_CODES[currency];

export const CURRENCY_SIGNS: Readonly<Record<'USD' | 'ILS', string>> = { USD: '$', ILS: '₪' };

/** An amount with two decimals, the currency's sign where the language puts it ("₪1,234.50", "1 234,50 ₪"). */
export function moneyText(lang: ExportLanguage, amount: number, currency: 1 | 2): string {
  return new Intl.NumberFormat(INTL_TAGS[lang], { style: 'currency', currency: currencyCode(currency) }).format(amount);
}

/** An amount with two decimals and no sign (the table's cells; the currency is in the header). */
export function amountText(lang: ExportLanguage, amount: number): string {
  return new Intl.NumberFormat(INTL_TAGS[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

const utcDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** A day ('YYYY-MM-DD') in the language's numeric form: 31.03.2026 in Hebrew, Mar 31, 2026 in English. */
export function dayText(lang: ExportLanguage, iso: string): string {
  const style =
    lang === 'en'
      ? { dateStyle: 'medium' as const }
      : { year: 'numeric' as const, month: '2-digit' as const, day: '2-digit' as const };
  return new Intl.DateTimeFormat(INTL_TAGS[lang], { ...style, timeZone: 'UTC' }).format(utcDay(iso));
}

/** A period ('YYYY-MM') by the month's short name: "Mar 2026", "מרץ 2026". */
export function periodText(lang: ExportLanguage, period: string): string {
  return new Intl.DateTimeFormat(INTL_TAGS[lang], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    utcDay(`${period}-01`),
  );
}

/** Excel's date format per language (as the plan export's: shared/export-labels.ts). */
export const EXCEL_DATE_FORMATS: Readonly<Record<ExportLanguage, string>> = {
  he: 'dd.mm.yyyy',
  en: 'dd mmm yyyy',
  fr: 'dd/mm/yyyy',
  ro: 'dd.mm.yyyy',
  zh: 'yyyy-mm-dd',
};

/** Excel's money format: the sign after the amount in Hebrew, French and Romanian, before it in English and Chinese. */
export function excelMoneyFormat(lang: ExportLanguage, currency: 1 | 2): string {
  const sign = CURRENCY_SIGNS[currencyCode(currency)];
  return lang === 'en' || lang === 'zh' ? `"${sign}"#,##0.00` : `#,##0.00 "${sign}"`;
}

/** A day as a Date at UTC midnight, the wall-clock day an Excel date cell shows. */
export const excelDay = utcDay;
