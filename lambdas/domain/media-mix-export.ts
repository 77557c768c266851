import type { UserProfile } from '../repositories/profiles';
import { getMediaMixInfo } from './media-mix-reads';
import type { ExportedFile, MediaMixInfo } from '../shared/replies/media-mixes';
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';

/**
 * ExportMediaMix: the plan version as an .xlsx workbook — the lines (channel, dates, buy type, unit
 * cost, budget, each fee, creatives, planned KPIs), the totals (net, management fee, system fee,
 * creative fees, setup fee, subtotal, VAT, total, converted total), the version and its approval
 * stamp. Money cells are numbers (format #,##0.00), so the sheet sums and the API agree. Built from
 * GetMediaMixInfo, so the figures are the API's exactly; readable by whoever may read the version.
 * Written by write-excel-file (a real XLSX writer: the file opens in Excel, LibreOffice and Numbers).
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY = '#,##0.00';
const COUNT = '#,##0';

export const TOTAL_LABELS = {
  net: 'Net media',
  managementFee: 'Management fee',
  systemFee: 'System fee',
  creativeFee: 'Creative fees',
  setupFee: 'Setup fee',
  subtotal: 'Subtotal',
  vat: 'VAT',
  total: 'Total',
  converted: 'Converted total',
} as const;

/** What a figure stored before the money limits shows when it is out of range (docs/money-limits.md). */
export const OUT_OF_RANGE = 'Out of range';

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });
const money = (value: number | null): Cell => (value === null ? null : { value, type: Number, format: MONEY });
const count = (value: number | null): Cell => (value === null ? null : { value, type: Number, format: COUNT });

/** "Approved by dana@agency.co.il on 2026-03-01 14:05 UTC", or "Not approved". */
export function approvalStamp(m: Pick<MediaMixInfo, 'ApprovedBy' | 'ApprovedAt'>): string {
  if (!m.ApprovedBy || !m.ApprovedAt) return 'Not approved';
  return `Approved by ${m.ApprovedBy} on ${m.ApprovedAt.slice(0, 10)} ${m.ApprovedAt.slice(11, 16)} UTC`;
}

export function mediaMixSheet(m: MediaMixInfo): SheetData {
  const rows: SheetData = [
    [bold('Media plan'), m.Name],
    [bold('Media mix ID'), count(m.ID)],
    [bold('Version'), count(m.Version)],
    [bold('Status'), m.StatusName],
    [bold('Approval'), approvalStamp(m)],
    [bold('Client sign-off'), m.ClientApprovedBy ? `Signed off by ${m.ClientApprovedBy} on ${m.ClientApprovedAt!.slice(0, 10)}`
      : m.ClientDeclinedBy ? `Declined by ${m.ClientDeclinedBy} on ${m.ClientDeclinedAt!.slice(0, 10)}: ${m.ClientDeclinedComment ?? ''}` : 'None'],
    [bold('Currency'), m.CurrencyCode],
    [],
    [
      'Channel', 'Line', 'Start', 'End', 'Buy type', 'Unit cost', 'Budget (net)', 'Management fee %', 'Management fee',
      'System fee %', 'System fee', 'Images', 'Videos', 'Creative fees', 'Subtotal', 'Impressions', 'Clicks', 'Conversions', 'Views',
    ].map(bold),
  ];
  const outOfRange = new Set(m.OutOfRange);
  const totalsOut = outOfRange.has('Totals');
  /** A money cell, or "Out of range" when the totals (and so the line amounts) could not be computed. */
  const amount = (value: number | undefined | null): Cell => (value === undefined || value === null ? (totalsOut ? OUT_OF_RANGE : null) : money(value));
  const kpi = (i: number, name: string, value: number | null): Cell => (outOfRange.has(`Lines[${i}].Kpis.${name}`) ? OUT_OF_RANGE : count(value));
  for (const [i, l] of m.Lines.entries()) {
    rows.push([
      l.ChannelTypeName, l.Name, l.StartDate, l.EndDate, l.BuyType, { value: l.UnitCost, type: Number, format: '#,##0.00####' },
      amount(l.Amounts?.Net), { value: l.ManagementFeePct, type: Number, format: '0.00' }, amount(l.Amounts?.ManagementFee),
      { value: l.SystemFeePct, type: Number, format: '0.00' }, amount(l.Amounts?.SystemFee),
      count(l.ImageCreatives), count(l.VideoCreatives), amount(l.Amounts?.CreativeFee), amount(l.Amounts?.Subtotal),
      kpi(i, 'Impressions', l.Kpis.Impressions), kpi(i, 'Clicks', l.Kpis.Clicks), kpi(i, 'Conversions', l.Kpis.Conversions), kpi(i, 'Views', l.Kpis.Views),
    ]);
  }
  const t = m.Totals;
  rows.push(
    [],
    [bold('Totals'), bold(m.CurrencyCode)],
    [TOTAL_LABELS.net, amount(t?.Net)],
    [TOTAL_LABELS.managementFee, amount(t?.ManagementFee)],
    [TOTAL_LABELS.systemFee, amount(t?.SystemFee)],
    [TOTAL_LABELS.creativeFee, amount(t?.CreativeFee)],
    [TOTAL_LABELS.setupFee, amount(t?.SetupFee)],
    [TOTAL_LABELS.subtotal, amount(t?.Subtotal)],
    [TOTAL_LABELS.vat, amount(t?.Vat), m.ApplyVat ? `${m.Pricing.VatPct} %` : 'VAT not applied'],
    [bold(TOTAL_LABELS.total), amount(t?.Total)],
    m.ConvertedTotal === null
      ? [TOTAL_LABELS.converted, m.ExchangeRateUsed && (totalsOut || outOfRange.has('ConvertedTotals')) ? OUT_OF_RANGE : null, m.RateMissing ?? (m.ExchangeRateUsed
        ? `${m.ConvertedCurrencyCode} at 1 ${m.ExchangeRateUsed.From} = ${m.ExchangeRateUsed.Rate} ${m.ExchangeRateUsed.To} (${m.ExchangeRateUsed.Date})` : 'No exchange rate')]
      : [
        TOTAL_LABELS.converted, money(m.ConvertedTotal),
        `${m.ConvertedCurrencyCode} at 1 ${m.ExchangeRateUsed!.From} = ${m.ExchangeRateUsed!.Rate} ${m.ExchangeRateUsed!.To} (${m.ExchangeRateUsed!.Date}${m.RateFixed ? ', fixed at approval' : ''})`,
      ],
  );
  return rows;
}

/** ExportMediaMix's reply (shared/replies/media-mixes.ts). */
export type { ExportedFile };

/** A file name that every OS accepts: letters, digits, spaces, dots, dashes and underscores. */
export const safeFileName = (name: string) => name.replace(/[^\p{L}\p{N} ._-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'Media plan';

export async function exportMediaMix(caller: UserProfile, scopeAccountId: number, mixId: number): Promise<ExportedFile> {
  const info = await getMediaMixInfo(caller, scopeAccountId, mixId);
  const buffer = await writeXlsxFile(mediaMixSheet(info), {
    sheet: `Version ${info.Version}`,
    columns: [{ width: 22 }, { width: 24 }, { width: 12 }, { width: 12 }, { width: 9 }, ...Array.from({ length: 14 }, () => ({ width: 14 }))],
  }).toBuffer();
  return {
    FileName: `${safeFileName(info.Name)} v${info.Version}.xlsx`,
    ContentType: XLSX_CONTENT_TYPE,
    Base64: buffer.toString('base64'),
  };
}
