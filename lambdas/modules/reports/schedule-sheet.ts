import type { CustomColumnHead, PerformanceReport, ReportFigures } from './replies/reports';
import type { ScheduleLanguage } from './replies/report-schedules';
import { withoutIsolates } from '../../shared/normalise-text';
import { writeXlsx, type Cell, type SheetData } from '../../core/xlsx';

/**
 * The Excel file of a scheduled report: the SAME model as the Reports screen's export
 * (web/src/features/reports/components/report-table.ts + report-export.ts), written on the server —
 * the label, the 12 figures (with compare: the previous figure and the change % beside each), then the
 * performance custom columns; the reply's rows, then its totals row (bold); each figure rounded as the
 * screen shows it (counts 0 decimals, everything else 2, half-up; a custom percent column × 100);
 * the same number formats; right to left in Hebrew. The headers are the screen's (reports.columns.*).
 *
 * One difference, by design: rows are in the report's order, or by the schedule's saved `sort`
 * (`<column>:asc|desc`, the screen's URL value) when it names a current figure; a sort on a
 * previous/change/custom column is ignored (the file is still complete and its totals the same).
 * The console's model cannot be imported here (the console imports the server, never the reverse).
 */
export const FIGURES = [
  'Spend',
  'Impressions',
  'Clicks',
  'Conversions',
  'ConversionValue',
  'VideoViews',
  'Ctr',
  'Cpc',
  'Cpm',
  'Cpa',
  'Cvr',
  'Roas',
] as const;
type Figure = (typeof FIGURES)[number];
type Kind = 'text' | 'money' | 'count' | 'decimal' | 'percent';
const KIND: Record<Figure, Kind> = {
  Spend: 'money',
  Impressions: 'count',
  Clicks: 'count',
  Conversions: 'decimal',
  ConversionValue: 'money',
  VideoViews: 'count',
  Ctr: 'percent',
  Cpc: 'money',
  Cpm: 'money',
  Cpa: 'money',
  Cvr: 'percent',
  Roas: 'decimal',
};
const FORMATS: Record<Kind, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  count: '#,##0',
  decimal: '#,##0.00',
  percent: '#,##0.00"%"',
};

/** web/src/lib/format.ts roundHalfUp: half-up at `decimals` places without binary drift. */
export function roundHalfUp(n: number, decimals = 2): number {
  const sign = n < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(n)}e${decimals}`);
  return sign * Number(`${Math.round(shifted)}e-${decimals}`);
}
const shown = (v: number, kind: Kind) => roundHalfUp(v, kind === 'count' ? 0 : 2);
const changePct = (now: number, before: number) =>
  before === 0 ? null : roundHalfUp(((now - before) / Math.abs(before)) * 100, 2);

/** The screen's headers (web/src/locales/reports.{he,en}.json reports.columns). */
const HEADERS: Record<ScheduleLanguage, Record<Figure | 'Label' | 'previous' | 'change' | 'total', string>> = {
  en: {
    Label: 'Name',
    Spend: 'Spend ({{currency}})',
    Impressions: 'Impressions',
    Clicks: 'Clicks',
    Conversions: 'Conversions',
    ConversionValue: 'Conversion value ({{currency}})',
    VideoViews: 'Video views',
    Ctr: 'CTR %',
    Cpc: 'CPC ({{currency}})',
    Cpm: 'CPM ({{currency}})',
    Cpa: 'CPA ({{currency}})',
    Cvr: 'CVR %',
    Roas: 'ROAS',
    previous: '{{column}} – previous period',
    change: '{{column}} – change %',
    total: 'Total',
  },
  he: {
    Label: 'שם',
    Spend: 'הוצאה ({{currency}})',
    Impressions: 'חשיפות',
    Clicks: 'הקלקות',
    Conversions: 'המרות',
    ConversionValue: 'ערך המרות ({{currency}})',
    VideoViews: 'צפיות וידאו',
    Ctr: 'CTR %',
    Cpc: 'CPC ({{currency}})',
    Cpm: 'CPM ({{currency}})',
    Cpa: 'CPA ({{currency}})',
    Cvr: 'CVR %',
    Roas: 'ROAS',
    previous: '{{column}} – תקופה קודמת',
    change: '{{column}} – שינוי %',
    total: 'סה״כ',
  },
};

interface Column {
  header: string;
  kind: Kind;
  value: (
    f: ReportFigures & { Custom?: Record<string, number | null> },
    label: string,
    before: ReportFigures | null | undefined,
  ) => number | string | null;
}

function columnsOf(report: PerformanceReport, lang: ScheduleLanguage): Column[] {
  const h = HEADERS[lang];
  const fill = (s: string, p: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => p[k] ?? '');
  const compared = report.PreviousTotals !== null;
  const out: Column[] = [{ header: h.Label, kind: 'text', value: (_f, label) => label }];
  for (const f of FIGURES) {
    const kind = KIND[f];
    const name = fill(h[f], { currency: report.Currency });
    out.push({ header: name, kind, value: (now) => shown(now[f], kind) });
    if (compared) {
      out.push({
        header: fill(h.previous, { column: name }),
        kind,
        value: (_n, _l, before) => (before ? shown(before[f], kind) : null),
      });
      out.push({
        header: fill(h.change, { column: name }),
        kind: 'percent',
        value: (now, _l, before) => (before ? changePct(shown(now[f], kind), shown(before[f], kind)) : null),
      });
    }
  }
  for (const c of report.CustomColumns ?? []) out.push(customColumn(c));
  return out;
}

function customColumn(c: CustomColumnHead): Column {
  const kind: Kind = c.Format === 'currency' ? 'money' : c.Format === 'percent' ? 'percent' : 'decimal';
  return {
    header: c.Name,
    kind,
    value: (now) => {
      const v = now.Custom?.[String(c.Id)];
      return v === null || v === undefined || !Number.isFinite(v)
        ? null
        : shown(c.Format === 'percent' ? v * 100 : v, kind);
    },
  };
}

/** The rows as the file writes them: the header, the rows (sorted when asked), the totals row last. */
export function reportSheetData(report: PerformanceReport, lang: ScheduleLanguage, sort?: string): SheetData {
  const columns = columnsOf(report, lang);
  const rows = report.Rows.map((r) => columns.map((c) => c.value(r, r.Label, r.Previous)));
  const m = /^([A-Za-z]+):(asc|desc)$/.exec(sort ?? '');
  const at = m ? (FIGURES as readonly string[]).indexOf(m[1]) : -1;
  if (m && at >= 0) {
    const col = 1 + (report.PreviousTotals !== null ? at * 3 : at);
    const sign = m[2] === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * (Number(a[col]) - Number(b[col])));
  }
  const total = HEADERS[lang].total;
  const totals = columns.map((c) => c.value(report.Totals, total, report.PreviousTotals));
  const cell = (v: number | string | null, c: Column, bold: boolean): Cell => {
    if (v === null) return null;
    return typeof v === 'number'
      ? { value: v, format: FORMATS[c.kind], ...(bold ? { fontWeight: 'bold' as const } : {}) }
      : bold
        ? { value: v, fontWeight: 'bold' }
        : v;
  };
  return [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...rows.map((r) => r.map((v, i) => cell(v, columns[i], false))),
    totals.map((v, i) => cell(v, columns[i], true)),
  ];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The .xlsx file of a report. */
export function reportXlsx(report: PerformanceReport, lang: ScheduleLanguage, name: string, sort?: string): Buffer {
  const data = reportSheetData(report, lang, sort);
  return writeXlsx(data, {
    sheet: name,
    rightToLeft: lang === 'he',
    columns: data[0].map((_c, i) => ({ width: i === 0 ? 36 : 16 })),
  });
}

/** `<name>-<from>-<to>.xlsx`, without the characters file systems refuse. */
export const reportFileName = (name: string, from: string, to: string) =>
  `${
    withoutIsolates(name)
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'report'
  }-${from}-${to}.xlsx`;
