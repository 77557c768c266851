import type { ExportLanguage } from '../../shared/export-language';
import { INTL_TAGS } from '../../shared/locales';
import { MONEY_STACK_LABELS, type MoneyStackLabels } from '../../shared/money-stack-labels';

/**
 * The words of the billable statement's file (export.ts) per language: the plan export's words for
 * the money stack and its money formats (shared/export-labels.ts), copied rather than imported, so
 * this bundle carries none of the plan export's labels. Money stays a number cell; the separators
 * are the reader's Excel's.
 */
export interface BillingLabels extends MoneyStackLabels {
  title: string;
  month: string;
  /** The month ('2026-11') as the Month row writes it: as is in Hebrew and English, by name elsewhere. */
  monthText: (month: string) => string;
  account: string;
  status: string;
  final: (by: string, at: string) => string;
  notFinal: string;
  sheet: (month: string) => string;
  fileName: (account: string, month: string) => string;
  columns: readonly string[];
  fx: string;
  netAtPlanRate: string;
  fxUnknown: string;
  moneyFormat: (sign: string) => string;
  currency: string;
  totals: string;
}

/** A month by name in the language ("novembre 2026", "noiembrie 2026", "2026年11月"). */
const monthIn = (lang: ExportLanguage) => (month: string) =>
  new Intl.DateTimeFormat(INTL_TAGS[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export const BILLING_LABELS: Readonly<Record<ExportLanguage, BillingLabels>> = {
  en: {
    title: 'Billable statement',
    month: 'Month',
    account: 'Account',
    status: 'Status',
    final: (by, at) => `Final — marked by ${by} on ${at}`,
    notFinal: 'Not final',
    sheet: (month) => `Billable ${month}`,
    fileName: (account, month) => `billable-${account}-${month}`,
    columns: [
      'Activity',
      'Line',
      'Channel',
      'Start',
      'Net',
      'Management fee',
      'System fee',
      'Creatives',
      'Subtotal',
      'Net at plan rate',
    ],
    fx: 'Exchange-rate effect (not in the total)',
    netAtPlanRate: 'Net at plan rates',
    fxUnknown: 'Not known: a plan has no rate for the currency',
    moneyFormat: (sign) => `"${sign}${sign.length > 1 ? ' ' : ''}"#,##0.00`,
    monthText: (month) => month,
    currency: 'Currency',
    totals: 'Totals',
    ...MONEY_STACK_LABELS.en,
  },
  he: {
    title: 'דוח חיוב',
    month: 'חודש',
    account: 'חשבון',
    status: 'סטטוס',
    final: (by, at) => `סופי — סומן על ידי ${by} ב־${at}`,
    notFinal: 'לא סופי',
    sheet: (month) => `חיוב ${month}`,
    fileName: (account, month) => `חיוב-${account}-${month}`,
    columns: [
      'פעילות',
      'שורה',
      'ערוץ',
      'התחלה',
      'נטו',
      'עמלת ניהול',
      'עמלת מערכת',
      'קריאייטיב',
      'סכום ביניים',
      'נטו בשער התוכנית',
    ],
    fx: 'השפעת שער החליפין (לא כלולה בסה"כ)',
    netAtPlanRate: 'נטו בשערי התוכניות',
    fxUnknown: 'לא ידוע: לתוכנית אין שער למטבע',
    moneyFormat: (sign) => `#,##0.00 "${sign}"`,
    monthText: (month) => month,
    currency: 'מטבע',
    totals: 'סיכומים',
    ...MONEY_STACK_LABELS.he,
  },
  fr: {
    title: 'Relevé de facturation',
    month: 'Mois',
    monthText: monthIn('fr'),
    account: 'Compte',
    status: 'Statut',
    final: (by, at) => `Clôturé — par ${by} le ${at}`,
    notFinal: 'Non clôturé',
    sheet: (month) => `Facturation ${month}`,
    fileName: (account, month) => `facturation-${account}-${month}`,
    columns: [
      'Activité',
      'Ligne',
      'Canal',
      'Début',
      'Net',
      'Frais de gestion',
      'Frais techniques',
      'Création',
      'Sous-total',
      'Net au taux du plan',
    ],
    fx: 'Effet de change (non inclus dans le total)',
    netAtPlanRate: 'Net aux taux des plans',
    fxUnknown: "Inconnu : un plan n'a pas de taux pour cette devise",
    moneyFormat: (sign) => `#,##0.00 "${sign}"`,
    currency: 'Devise',
    totals: 'Totaux',
    ...MONEY_STACK_LABELS.fr,
  },
  ro: {
    title: 'Situație lunară',
    month: 'Luna',
    monthText: monthIn('ro'),
    account: 'Cont',
    status: 'Stare',
    final: (by, at) => `Finală — marcată de ${by} pe ${at}`,
    notFinal: 'Nefinalizată',
    sheet: (month) => `Facturare ${month}`,
    fileName: (account, month) => `facturare-${account}-${month}`,
    columns: [
      'Activitate',
      'Linie',
      'Canal',
      'Început',
      'Net',
      'Comision de management',
      'Comision de sistem',
      'Materiale creative',
      'Subtotal',
      'Net la cursul planului',
    ],
    fx: 'Efectul cursului de schimb (neinclus în total)',
    netAtPlanRate: 'Net la cursurile planurilor',
    fxUnknown: 'Necunoscut: un plan nu are curs pentru această monedă',
    moneyFormat: (sign) => `#,##0.00 "${sign}"`,
    currency: 'Monedă',
    totals: 'Totaluri',
    ...MONEY_STACK_LABELS.ro,
  },
  zh: {
    title: '计费对账单',
    month: '月份',
    monthText: monthIn('zh'),
    account: '账户',
    status: '状态',
    final: (by, at) => `已定稿 — 由 ${by} 于 ${at} 标记`,
    notFinal: '未定稿',
    sheet: (month) => `计费 ${month}`,
    fileName: (account, month) => `计费-${account}-${month}`,
    columns: ['活动', '计划行', '渠道', '开始日期', '净额', '管理费', '系统费', '素材', '小计', '按计划汇率的净额'],
    fx: '汇率影响（不计入总计）',
    netAtPlanRate: '按各计划汇率的净额',
    fxUnknown: '未知：有计划缺少该币种的汇率',
    moneyFormat: (sign) => `"${sign}${sign.length > 1 ? ' ' : ''}"#,##0.00`,
    currency: '币种',
    totals: '合计',
    ...MONEY_STACK_LABELS.zh,
  },
};
