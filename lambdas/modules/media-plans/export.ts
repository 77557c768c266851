import { TZDate } from '@date-fns/tz';
import type { UserProfile } from '../tenancy';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/calendar';
import { EXPORT_LABELS, LINE_COLUMNS, type ExportLabels } from '../../shared/export-labels';
import { DEFAULT_EXPORT_LANGUAGE, type ExportLanguage } from '../../shared/export-language';
import { directionOf } from '../../shared/locales';
import { IDENTITY_KEYS, PLAN_IDENTITY_SHEET, PLAN_WORKBOOK_FORMAT, type IdentityKey } from '../../shared/plan-workbook';
import type { ExportedFile, VersionInfo } from './replies/plans';
import { cachedConfiguration, companyLogo } from '../configurations';
import { getVersionInfo } from './reads';
import { writeWorkbook, type Cell, type SheetData } from '../../core/xlsx';

/**
 * ExportMediaMix: the plan version as an .xlsx workbook in the caller's language (he, en, fr, ro, zh;
 * Hebrew: the sheet right to left) — the lines (channel, dates, buy type, unit cost, budget, each fee, creatives,
 * planned KPIs), the totals (net, management fee, system fee, creative fees, setup fee, subtotal,
 * VAT, total, converted total), the version and its approval and client stamps. Money cells are
 * numbers in the currency's format and dates are Excel dates in the language's format
 * (shared/export-labels.ts), so the sheet sums, sorts and filters them and the API agrees. Built
 * from GetMediaMixInfo, so the figures are the API's exactly; readable by whoever may read the
 * version. Written by the small writer in xlsx.ts (the file opens in Excel, LibreOffice and
 * Numbers; read back by read-excel-file in the tests).
 *
 * The file can come back as a new version (modules/media-plans/import.ts): each line row ends with the
 * line's id (`Line id`), and a hidden second sheet (shared/plan-workbook.ts) names the plan's
 * account, activity, version and the export's time. Every cell is a value, never a formula: a name
 * such as "=1+1" stays that text (xlsx.ts writes strings as inline strings). The company's logo
 * floats over the empty top right of the header block: a picture, not a cell, so the import reads
 * the same cells.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COUNT = '#,##0';
const PERCENT = '0.00';

/** The sign Excel writes for a currency; others show their ISO code. */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { ILS: '₪', USD: '$', EUR: '€', GBP: '£' };

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });
const count = (value: number | null): Cell => (value === null ? null : { value, type: Number, format: COUNT });

/** A calendar day ('2026-03-01') as an Excel date: midnight UTC is the day's serial number exactly. */
const dayOf = (ymd: string): Date => new Date(`${ymd}T00:00:00.000Z`);

/**
 * An instant as an Excel date-time showing the company's wall clock to the minute: Excel dates
 * carry no zone, so the cell holds the time as read in `timeZone` (which the sheet names).
 */
function wallClockOf(iso: string, timeZone: string): Date {
  const t = new TZDate(Date.parse(iso), timeZone);
  return new Date(Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes()));
}

/** How the sheet writes the version's words, figures and dates. */
interface Sheet {
  L: ExportLabels;
  timeZone: string;
}

/** The cells of the version's stamps: approval, then the client's answer, people by name (GetMediaMixInfo's *ByName). */
function stampRows(m: VersionInfo, { L, timeZone }: Sheet): SheetData {
  const at = (iso: string | null): Cell =>
    iso ? { value: wallClockOf(iso, timeZone), type: Date, format: L.dateTimeFormat } : null;
  const approval: Cell[] =
    m.ApprovedBy && m.ApprovedAt ? [L.approvedBy(m.ApprovedByName ?? m.ApprovedBy), at(m.ApprovedAt)] : [L.notApproved];
  const client: Cell[] = m.ClientApprovedBy
    ? [L.signedOffBy(m.ClientApprovedByName ?? m.ClientApprovedBy), at(m.ClientApprovedAt)]
    : m.ClientDeclinedBy
      ? [
          L.declinedBy(m.ClientDeclinedByName ?? m.ClientDeclinedBy),
          at(m.ClientDeclinedAt),
          m.ClientDeclinedComment ?? '',
        ]
      : [L.noClientAnswer];
  return [
    [bold(L.approval), ...approval],
    [bold(L.clientSignOff), ...client],
    [bold(L.timeZone), timeZone],
  ];
}

function versionSheet(m: VersionInfo, sheet: Sheet): SheetData {
  const { L } = sheet;
  const format = (code: string, decimals = '0.00') => L.moneyFormat(CURRENCY_SIGNS[code] ?? code, decimals);
  const MONEY = format(m.CurrencyCode);
  const money = (value: number | null, fmt = MONEY): Cell =>
    value === null ? null : { value, type: Number, format: fmt };
  const day = (ymd: string): Cell => ({ value: dayOf(ymd), type: Date, format: L.dateFormat });
  const rows: SheetData = [
    [bold(L.plan), m.Name],
    [bold(L.versionId), count(m.ID)],
    [bold(L.version), count(m.Version)],
    [bold(L.status), L.statuses[m.Status]],
    ...stampRows(m, sheet),
    [bold(L.currency), m.CurrencyCode],
    [],
    LINE_COLUMNS.map((c) => bold(L.columns[c])),
  ];
  const outOfRange = new Set(m.OutOfRange);
  const totalsOut = outOfRange.has('Totals');
  /** A money cell, or "Out of range" when the totals (and so the line amounts) could not be computed. */
  const amount = (value: number | undefined | null, fmt = MONEY): Cell =>
    value === undefined || value === null ? (totalsOut ? L.outOfRange : null) : money(value, fmt);
  const kpi = (i: number, name: string, value: number | null): Cell =>
    outOfRange.has(`Lines[${i}].Kpis.${name}`) ? L.outOfRange : count(value);
  const unitCost = format(m.CurrencyCode, '0.00####');
  for (const [i, l] of m.Lines.entries()) {
    rows.push([
      l.ChannelTypeName,
      l.Name,
      day(l.StartDate),
      day(l.EndDate),
      l.BuyType,
      money(l.UnitCost, unitCost),
      amount(l.Amounts?.Net),
      { value: l.ManagementFeePct, type: Number, format: PERCENT },
      amount(l.Amounts?.ManagementFee),
      { value: l.SystemFeePct, type: Number, format: PERCENT },
      amount(l.Amounts?.SystemFee),
      count(l.ImageCreatives),
      count(l.VideoCreatives),
      amount(l.Amounts?.CreativeFee),
      amount(l.Amounts?.Subtotal),
      kpi(i, 'Impressions', l.Kpis.Impressions),
      kpi(i, 'Clicks', l.Kpis.Clicks),
      kpi(i, 'Conversions', l.Kpis.Conversions),
      kpi(i, 'Views', l.Kpis.Views),
      { value: l.ID, type: Number, format: '0' },
    ]);
  }
  const t = m.Totals;
  const rate = m.ExchangeRateUsed;
  const rateCells: Cell[] = rate
    ? [L.rate(rate.From, rate.Rate, rate.To), day(rate.Date), ...(m.RateFixed ? [L.rateFixed] : [])]
    : m.RateMissingOn
      ? [L.rateMissing(m.RateMissingOn.From, m.RateMissingOn.To), day(m.RateMissingOn.Date)]
      : [L.noRate];
  const converted =
    m.ConvertedTotal === null
      ? rate && (totalsOut || outOfRange.has('ConvertedTotals'))
        ? L.outOfRange
        : null
      : money(m.ConvertedTotal, format(m.ConvertedCurrencyCode));
  rows.push(
    [],
    [bold(L.totals), bold(m.CurrencyCode)],
    [L.net, amount(t?.Net)],
    [L.managementFee, amount(t?.ManagementFee)],
    [L.systemFee, amount(t?.SystemFee)],
    [L.creativeFee, amount(t?.CreativeFee)],
    [L.setupFee, amount(t?.SetupFee)],
    [L.subtotal, amount(t?.Subtotal)],
    [L.vat, amount(t?.Vat), m.ApplyVat ? L.vatPct(m.Pricing.VatPct) : L.vatOff],
    [bold(L.total), amount(t?.Total)],
    [L.converted, converted, ...rateCells],
  );
  return rows;
}

/** The hidden identity sheet (shared/plan-workbook.ts): what the import checks the file against. */
function identitySheet(m: VersionInfo, exportedAt: string): SheetData {
  const values: Record<IdentityKey, string | number> = {
    Format: PLAN_WORKBOOK_FORMAT,
    AccountId: m.AccountId,
    ActivityId: m.ActivityId,
    MediaMixId: m.ID,
    VersionNumber: m.Version,
    ExportedAt: exportedAt,
  };
  return IDENTITY_KEYS.map((key) => [key, values[key]]);
}

/** ExportMediaMix's reply (modules/media-plans/replies/plans.ts). */
export type { ExportedFile };

/** A file name that every OS accepts: letters (Hebrew too), digits, spaces, dots, dashes and underscores. */
const safeFileName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

/**
 * A Content-Disposition value for the file (RFC 6266): `filename*` carries the name in UTF-8
 * (RFC 8187), so a Hebrew name survives; `filename` is an ASCII stand-in for clients that do not
 * read `filename*`.
 */
function contentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}

export async function exportVersion(
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  language: ExportLanguage = DEFAULT_EXPORT_LANGUAGE,
): Promise<ExportedFile> {
  const [info, config, logo] = await Promise.all([
    getVersionInfo(caller, scopeAccountId, versionId),
    cachedConfiguration(caller.companyId),
    companyLogo(caller.companyId),
  ]);
  const L = EXPORT_LABELS[language];
  const timeZone = isTimeZone(config.TimeZone) ? config.TimeZone : DEFAULT_TIME_ZONE;
  const buffer = writeWorkbook(
    [
      {
        data: versionSheet(info, { L, timeZone }),
        options: {
          sheet: L.sheet(info.Version),
          rightToLeft: directionOf(language) === 'rtl',
          columns: [
            { width: 22 },
            { width: 24 },
            { width: 12 },
            { width: 12 },
            { width: 9 },
            ...Array.from({ length: 15 }, () => ({ width: 14 })),
          ],
        },
      },
      {
        data: identitySheet(info, new Date().toISOString()),
        options: { sheet: PLAN_IDENTITY_SHEET, hidden: true, columns: [{ width: 16 }, { width: 28 }] },
      },
    ],
    logo,
  );
  const fileName = `${L.fileName(safeFileName(info.Name) || L.plan, info.Version)}.xlsx`;
  const ascii = /^[\x20-\x7e]+$/.test(fileName) ? fileName : `media-plan-${info.ID}-v${info.Version}.xlsx`;
  return {
    FileName: fileName,
    ContentType: XLSX_CONTENT_TYPE,
    ContentDisposition: contentDisposition(fileName, ascii),
    Base64: buffer.toString('base64'),
  };
}
