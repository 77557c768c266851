import type { UserProfile } from '../repositories/profiles';
import { DEFAULT_EXPORT_LANGUAGE, type ExportLanguage } from '../shared/export-language';
import type { BillableStatementView } from '../shared/replies/billing';
import type { ExportedFile } from '../shared/replies/media-mixes';
import { billableStatementFor } from './billing-statement';
import { writeXlsx, type Cell, type SheetData } from './xlsx';

/**
 * ExportBillableStatement: the month's statement as an .xlsx workbook, written by the plan export's
 * writer (xlsx.ts) with its words for the money stack and its money formats (shared/export-labels.ts;
 * copied here, not imported, to keep this bundle under its 300 kB budget): the SAME figures as
 * GetBillableStatement (built from it: the stored snapshot once final), money cells as numbers with
 * two decimals (already rounded half-up once by billable.ts), so the sheet and the API agree.
 */

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { ILS: '₪', USD: '$', EUR: '€', GBP: '£' };

const BILLING_LABELS = {
  en: {
    title: 'Billable statement', month: 'Month', account: 'Account', status: 'Status', final: (by: string, at: string) => `Final — marked by ${by} at ${at}`,
    notFinal: 'Not final', sheet: (month: string) => `Billable ${month}`, fileName: (account: number, month: string) => `billable-${account}-${month}`,
    columns: ['Activity', 'Line', 'Channel', 'Start', 'Net', 'Management fee', 'System fee', 'Creatives', 'Subtotal', 'Net at plan rate'],
    fx: 'Exchange-rate effect (not in the total)', netAtPlanRate: 'Net at plan rates', fxUnknown: 'Not known: a plan has no rate for the currency',
    moneyFormat: (sign: string) => `"${sign}${sign.length > 1 ? ' ' : ''}"#,##0.00`,
    currency: 'Currency', totals: 'Totals', net: 'Net media', managementFee: 'Management fee', systemFee: 'System fee', creativeFee: 'Creative fees',
    setupFee: 'Setup fee', subtotal: 'Subtotal', vat: 'VAT', vatPct: (pct: number) => `VAT ${pct}%`, vatOff: 'VAT not applied', total: 'Total',
  },
  he: {
    title: 'דוח חיוב', month: 'חודש', account: 'חשבון', status: 'סטטוס', final: (by: string, at: string) => `סופי — סומן על ידי ${by} ב־${at}`,
    notFinal: 'לא סופי', sheet: (month: string) => `חיוב ${month}`, fileName: (account: number, month: string) => `חיוב-${account}-${month}`,
    columns: ['פעילות', 'שורה', 'ערוץ', 'התחלה', 'נטו', 'עמלת ניהול', 'עמלת מערכת', 'קריאייטיב', 'סכום ביניים', 'נטו בשער התוכנית'],
    fx: 'השפעת שער החליפין (לא כלולה בסה"כ)', netAtPlanRate: 'נטו בשערי התוכניות', fxUnknown: 'לא ידוע: לתוכנית אין שער למטבע',
    moneyFormat: (sign: string) => `#,##0.00 "${sign}"`,
    currency: 'מטבע', totals: 'סיכומים', net: 'מדיה נטו', managementFee: 'עמלת ניהול', systemFee: 'עמלת מערכת', creativeFee: 'עמלות קריאייטיב',
    setupFee: 'דמי הקמה', subtotal: 'סכום ביניים', vat: 'מע"מ', vatPct: (pct: number) => `מע"מ ${pct}%`, vatOff: 'מע"מ (לא חל)', total: 'סה"כ',
  },
} as const;

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });

/** The statement's sheet: the cells are the reply's figures. */
function billingSheet(s: BillableStatementView, language: ExportLanguage): SheetData {
  const B = BILLING_LABELS[language];
  const L = B;
  const MONEY = B.moneyFormat(CURRENCY_SIGNS[s.CurrencyCode] ?? s.CurrencyCode);
  const money = (value: number | null): Cell => (value === null ? null : { value, type: Number, format: MONEY });
  const rows: SheetData = [
    [bold(B.title)],
    [bold(B.month), s.Month],
    [bold(B.account), s.AccountId],
    [bold(B.status), s.Final ? B.final(s.FinalizedBy ?? '', s.FinalizedAt ?? '') : B.notFinal],
    [bold(L.currency), s.CurrencyCode],
    [],
    B.columns.map((c) => bold(c)),
  ];
  for (const l of s.Lines) {
    rows.push([l.ActivityName, l.LineName, l.ChannelTypeName, l.StartDate, money(l.Net), money(l.ManagementFee), money(l.SystemFee), money(l.CreativeFee), money(l.Subtotal), money(l.NetAtPlanRate)]);
  }
  rows.push(
    [],
    [bold(L.totals), bold(s.CurrencyCode)],
    [L.net, money(s.Net)],
    [L.managementFee, money(s.ManagementFee)],
    [L.systemFee, money(s.SystemFee)],
    [L.creativeFee, money(s.CreativeFee)],
    [L.setupFee, money(s.SetupFee)],
    [L.subtotal, money(s.Subtotal)],
    [L.vat, money(s.Vat), s.ApplyVat ? L.vatPct(s.VatPct) : L.vatOff],
    [bold(L.total), money(s.Total)],
    [],
    [bold(B.fx), s.Fx.Effect === null ? B.fxUnknown : money(s.Fx.Effect)],
    [B.netAtPlanRate, money(s.Fx.NetAtPlanRate)],
  );
  return rows;
}

export async function exportBillableStatement(
  caller: UserProfile, scopeAccountId: number, month: string, language: ExportLanguage = DEFAULT_EXPORT_LANGUAGE,
): Promise<ExportedFile> {
  const s = await billableStatementFor(caller, scopeAccountId, month);
  const B = BILLING_LABELS[language];
  const buffer = writeXlsx(billingSheet(s, language), {
    sheet: B.sheet(month),
    rightToLeft: language === 'he',
    columns: [{ width: 24 }, { width: 24 }, { width: 18 }, { width: 12 }, ...Array.from({ length: 6 }, () => ({ width: 15 }))],
  });
  const fileName = `${B.fileName(scopeAccountId, month)}.xlsx`;
  const ascii = `billable-${scopeAccountId}-${month}.xlsx`;
  return {
    FileName: fileName,
    ContentType: XLSX_CONTENT_TYPE,
    ContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    Base64: buffer.toString('base64'),
  };
}
