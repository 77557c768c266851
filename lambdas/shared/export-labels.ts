import type { ExportLanguage } from './export-language';
import { LINE_COLUMNS, LINE_FIGURE_LABELS, LINE_TABLE_LABELS, type LineColumn } from './export-columns';
import { VersionStatus } from './version-status';

/**
 * The words and formats of an exported plan (ExportMediaMix, modules/media-plans/export.ts) per
 * language. The console's catalogues (web/src/locales/media-plan.*.json) are not on the server, so
 * the labels the export shares with the screen are repeated here with the screen's words; the
 * figures themselves are numbers and dates, formatted by Excel with the formats below.
 *
 * Date formats, one per language:
 * - he 'dd.mm.yyyy': how Israel writes a day, the numeric form a Hebrew reader expects.
 * - en 'dd mmm yyyy': the month by name, so neither an American nor an Israeli reader takes
 *   03/01 for the wrong month (Excel writes the month in its own UI language).
 * Money: the currency's sign where the locale puts it, as the screen does (Intl he-IL: 1,234.50 ₪;
 * en-US: ₪1,234.50); a currency without a known sign shows its code.
 */
export interface ExportLabels {
  dateFormat: string;
  dateTimeFormat: string;
  /** An Excel number format for an amount of a currency whose sign is `sign`, with `decimals` (e.g. '0.00'). */
  moneyFormat: (sign: string, decimals: string) => string;
  sheet: (version: number) => string;
  /** The file name less its extension; `plan` is already safe for a file system. */
  fileName: (plan: string, version: number) => string;
  plan: string;
  versionId: string;
  version: string;
  status: string;
  statuses: Readonly<Record<VersionStatus, string>>;
  approval: string;
  notApproved: string;
  approvedBy: (who: string) => string;
  clientSignOff: string;
  signedOffBy: (who: string) => string;
  declinedBy: (who: string) => string;
  noClientAnswer: string;
  currency: string;
  /** The zone the stamps' times are written in (the company's TimeZone). */
  timeZone: string;
  columns: Readonly<Record<LineColumn, string>>;
  totals: string;
  net: string;
  managementFee: string;
  systemFee: string;
  creativeFee: string;
  setupFee: string;
  subtotal: string;
  vat: string;
  vatPct: (pct: number) => string;
  vatOff: string;
  total: string;
  converted: string;
  rateFixed: string;
  noRate: string;
  /** Written before the day searched (RateMissingOn). */
  rateMissing: (from: string, to: string) => string;
  outOfRange: string;
}

export { LINE_COLUMNS };

const en: ExportLabels = {
  dateFormat: 'dd mmm yyyy',
  dateTimeFormat: 'dd mmm yyyy hh:mm',
  moneyFormat: (sign, decimals) => `"${sign}${sign.length > 1 ? ' ' : ''}"#,##${decimals}`,
  sheet: (n) => `Version ${n}`,
  fileName: (plan, n) => `${plan} v${n}`,
  plan: 'Media plan',
  versionId: 'Media mix ID',
  version: 'Version',
  status: 'Status',
  statuses: {
    [VersionStatus.Draft]: 'Draft',
    [VersionStatus.Submitted]: 'Submitted',
    [VersionStatus.Approved]: 'Approved',
    [VersionStatus.Rejected]: 'Rejected',
  },
  approval: 'Approval',
  notApproved: 'Not approved',
  approvedBy: (who) => `Approved by ${who}`,
  clientSignOff: 'Client sign-off',
  signedOffBy: (who) => `Signed off by ${who}`,
  declinedBy: (who) => `Declined by ${who}`,
  noClientAnswer: 'None',
  currency: 'Currency',
  timeZone: 'Times in',
  columns: { ...LINE_TABLE_LABELS.en.columns, ...LINE_FIGURE_LABELS.en },
  totals: LINE_TABLE_LABELS.en.totals,
  net: 'Net media',
  managementFee: 'Management fee',
  systemFee: 'System fee',
  creativeFee: 'Creative fees',
  setupFee: 'Setup fee',
  subtotal: 'Subtotal',
  vat: 'VAT',
  vatPct: (pct) => `VAT ${pct}%`,
  vatOff: 'VAT not applied',
  total: 'Total',
  converted: 'Converted total',
  rateFixed: 'fixed at approval',
  noRate: 'No exchange rate',
  rateMissing: (from, to) => `No exchange rate from ${from} to ${to} (or back) on or before`,
  outOfRange: 'Out of range',
};

const he: ExportLabels = {
  dateFormat: 'dd.mm.yyyy',
  dateTimeFormat: 'dd.mm.yyyy hh:mm',
  moneyFormat: (sign, decimals) => `#,##${decimals} "${sign}"`,
  sheet: (n) => `גרסה ${n}`,
  fileName: (plan, n) => `${plan} גרסה ${n}`,
  plan: 'תוכנית מדיה',
  versionId: 'מזהה תוכנית',
  version: 'גרסה',
  status: 'סטטוס',
  statuses: {
    [VersionStatus.Draft]: 'טיוטה',
    [VersionStatus.Submitted]: 'הוגשה',
    [VersionStatus.Approved]: 'מאושרת',
    [VersionStatus.Rejected]: 'נדחתה',
  },
  approval: 'אישור',
  notApproved: 'לא אושרה',
  approvedBy: (who) => `אושרה על ידי ${who}`,
  clientSignOff: 'אישור הלקוח',
  signedOffBy: (who) => `אושרה על ידי הלקוח ${who}`,
  declinedBy: (who) => `נדחתה על ידי הלקוח ${who}`,
  noClientAnswer: 'אין',
  currency: 'מטבע',
  timeZone: 'השעות לפי',
  columns: { ...LINE_TABLE_LABELS.he.columns, ...LINE_FIGURE_LABELS.he },
  totals: LINE_TABLE_LABELS.he.totals,
  net: 'מדיה נטו',
  managementFee: 'עמלת ניהול',
  systemFee: 'עמלת מערכת',
  creativeFee: 'עמלות קריאייטיב',
  setupFee: 'דמי הקמה',
  subtotal: 'סכום ביניים',
  vat: 'מע"מ',
  vatPct: (pct) => `מע"מ ${pct}%`,
  vatOff: 'מע"מ (לא חל)',
  total: 'סה"כ',
  converted: 'סה"כ מומר',
  rateFixed: 'קובע באישור',
  noRate: 'אין שער חליפין',
  rateMissing: (from, to) => `אין שער חליפין מ-${from} ל-${to} (או בכיוון ההפוך) בתאריך זה או לפניו:`,
  outOfRange: 'מחוץ לטווח',
};

export const EXPORT_LABELS: Readonly<Record<ExportLanguage, ExportLabels>> = { he, en };
