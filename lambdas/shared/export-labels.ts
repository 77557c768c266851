import type { ExportLanguage } from './export-language';
import { numberIn } from './locale-numbers';
import { LINE_COLUMNS, LINE_FIGURE_LABELS, LINE_TABLE_LABELS, type LineColumn } from './export-columns';
import { VersionStatus } from './version-status';
import { MONEY_STACK_LABELS, type MoneyStackLabels } from './money-stack-labels';

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
 * - fr 'dd/mm/yyyy', ro 'dd.mm.yyyy': the day first, as France and Romania write it.
 * - zh 'yyyy-mm-dd': the year first, the numeric form used in China.
 * Money: the currency's sign where the locale puts it, as the screen does (Intl he-IL: 1,234.50 ₪;
 * en-US: ₪1,234.50; fr-FR and ro-RO after the amount; zh-CN before it); a currency without a known
 * sign shows its code. The separators are the reader's Excel's: a number format always spells them
 * `#,##0.00`. Numbers written INTO a text (a VAT rate, an exchange rate) follow the language (Intl);
 * Hebrew and English keep the plain form their files always had.
 */
export interface ExportLabels extends MoneyStackLabels {
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
  /** An exchange rate as text: 1 `from` = `rate` `to`. */
  rate: (from: string, rate: number, to: string) => string;
  converted: string;
  rateFixed: string;
  noRate: string;
  /** Written before the day searched (RateMissingOn). */
  rateMissing: (from: string, to: string) => string;
  outOfRange: string;
}

export { LINE_COLUMNS };

const plainRate = (from: string, rate: number, to: string) => `1 ${from} = ${rate} ${to}`;

const rateIn = (lang: ExportLanguage) => (from: string, rate: number, to: string) =>
  `1 ${from} = ${numberIn(lang, rate)} ${to}`;
const signBefore = (sign: string, decimals: string) => `"${sign}${sign.length > 1 ? ' ' : ''}"#,##${decimals}`;
const signAfter = (sign: string, decimals: string) => `#,##${decimals} "${sign}"`;

const en: ExportLabels = {
  dateFormat: 'dd mmm yyyy',
  dateTimeFormat: 'dd mmm yyyy hh:mm',
  moneyFormat: signBefore,
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
  ...MONEY_STACK_LABELS.en,
  rate: plainRate,
  converted: 'Converted total',
  rateFixed: 'fixed at approval',
  noRate: 'No exchange rate',
  rateMissing: (from, to) => `No exchange rate from ${from} to ${to} (or back) on or before`,
  outOfRange: 'Out of range',
};

const he: ExportLabels = {
  dateFormat: 'dd.mm.yyyy',
  dateTimeFormat: 'dd.mm.yyyy hh:mm',
  moneyFormat: signAfter,
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
  ...MONEY_STACK_LABELS.he,
  rate: plainRate,
  converted: 'סה"כ מומר',
  rateFixed: 'קובע באישור',
  noRate: 'אין שער חליפין',
  rateMissing: (from, to) => `אין שער חליפין מ-${from} ל-${to} (או בכיוון ההפוך) בתאריך זה או לפניו:`,
  outOfRange: 'מחוץ לטווח',
};

const fr: ExportLabels = {
  dateFormat: 'dd/mm/yyyy',
  dateTimeFormat: 'dd/mm/yyyy hh:mm',
  moneyFormat: signAfter,
  sheet: (n) => `Version ${n}`,
  fileName: (plan, n) => `${plan} v${n}`,
  plan: 'Plan média',
  versionId: 'ID de version',
  version: 'Version',
  status: 'Statut',
  statuses: {
    [VersionStatus.Draft]: 'Brouillon',
    [VersionStatus.Submitted]: 'Soumise',
    [VersionStatus.Approved]: 'Approuvée',
    [VersionStatus.Rejected]: 'Rejetée',
  },
  approval: 'Approbation',
  notApproved: 'Non approuvée',
  approvedBy: (who) => `Approuvée par ${who}`,
  clientSignOff: 'Validation client',
  signedOffBy: (who) => `Validée pour le client par ${who}`,
  declinedBy: (who) => `Refusée pour le client par ${who}`,
  noClientAnswer: 'Aucune réponse',
  currency: 'Devise',
  timeZone: 'Fuseau horaire',
  columns: { ...LINE_TABLE_LABELS.fr.columns, ...LINE_FIGURE_LABELS.fr },
  totals: LINE_TABLE_LABELS.fr.totals,
  ...MONEY_STACK_LABELS.fr,
  rate: rateIn('fr'),
  converted: 'Total converti',
  rateFixed: "figé à l'approbation",
  noRate: 'Aucun taux de change',
  rateMissing: (from, to) => `Aucun taux de change de ${from} vers ${to} (ni l'inverse) à cette date ou avant :`,
  outOfRange: 'Hors limites',
};

const ro: ExportLabels = {
  dateFormat: 'dd.mm.yyyy',
  dateTimeFormat: 'dd.mm.yyyy hh:mm',
  moneyFormat: signAfter,
  sheet: (n) => `Versiunea ${n}`,
  fileName: (plan, n) => `${plan} v${n}`,
  plan: 'Plan media',
  versionId: 'ID versiune',
  version: 'Versiune',
  status: 'Stare',
  statuses: {
    [VersionStatus.Draft]: 'Ciornă',
    [VersionStatus.Submitted]: 'Trimisă',
    [VersionStatus.Approved]: 'Aprobată',
    [VersionStatus.Rejected]: 'Respinsă',
  },
  approval: 'Aprobare',
  notApproved: 'Neaprobată',
  approvedBy: (who) => `Aprobată de ${who}`,
  clientSignOff: 'Validarea clientului',
  signedOffBy: (who) => `Validată pentru client de ${who}`,
  declinedBy: (who) => `Refuzată pentru client de ${who}`,
  noClientAnswer: 'Fără răspuns',
  currency: 'Monedă',
  timeZone: 'Fus orar',
  columns: { ...LINE_TABLE_LABELS.ro.columns, ...LINE_FIGURE_LABELS.ro },
  totals: LINE_TABLE_LABELS.ro.totals,
  ...MONEY_STACK_LABELS.ro,
  rate: rateIn('ro'),
  converted: 'Total convertit',
  rateFixed: 'fixat la aprobare',
  noRate: 'Niciun curs de schimb',
  rateMissing: (from, to) => `Niciun curs de schimb din ${from} în ${to} (sau invers) la această dată sau înainte:`,
  outOfRange: 'În afara intervalului',
};

const zh: ExportLabels = {
  dateFormat: 'yyyy-mm-dd',
  dateTimeFormat: 'yyyy-mm-dd hh:mm',
  moneyFormat: signBefore,
  sheet: (n) => `版本 ${n}`,
  fileName: (plan, n) => `${plan} 版本${n}`,
  plan: '媒介计划',
  versionId: '版本 ID',
  version: '版本',
  status: '状态',
  statuses: {
    [VersionStatus.Draft]: '草稿',
    [VersionStatus.Submitted]: '已提交',
    [VersionStatus.Approved]: '已批准',
    [VersionStatus.Rejected]: '已驳回',
  },
  approval: '审批',
  notApproved: '未批准',
  approvedBy: (who) => `由 ${who} 批准`,
  clientSignOff: '客户确认',
  signedOffBy: (who) => `由 ${who} 代客户确认`,
  declinedBy: (who) => `由 ${who} 代客户拒绝`,
  noClientAnswer: '无',
  currency: '币种',
  timeZone: '时区',
  columns: { ...LINE_TABLE_LABELS.zh.columns, ...LINE_FIGURE_LABELS.zh },
  totals: LINE_TABLE_LABELS.zh.totals,
  ...MONEY_STACK_LABELS.zh,
  rate: rateIn('zh'),
  converted: '折算总计',
  rateFixed: '审批时锁定',
  noRate: '无汇率',
  rateMissing: (from, to) => `截至以下日期（含）无 ${from} 兑 ${to}（或反向）的汇率：`,
  outOfRange: '超出范围',
};

export const EXPORT_LABELS: Readonly<Record<ExportLanguage, ExportLabels>> = { he, en, fr, ro, zh };
