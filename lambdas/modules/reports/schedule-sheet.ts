import type { PerformanceReport } from './replies/reports';
import type { ScheduleLanguage } from './replies/report-schedules';
import { withoutIsolates } from '../../shared/normalise-text';
import {
  CELL_FORMATS,
  REPORT_FIGURES,
  reportCells,
  reportColumns,
  reportHeader,
  type HeaderWords,
  type ReportColumn,
} from '../../shared/report-columns';
import { writeXlsx, type Cell, type SheetData, type XlsxImage } from '../../core/xlsx';
import { directionOf } from '../../shared/locales';

/**
 * The Excel file of a scheduled report: the SAME columns as the Reports screen's export
 * (shared/report-columns.ts, which web/src/features/reports/components/report-table.ts uses too),
 * written on the server — the reply's rows, then its totals row (bold); the same number formats;
 * right to left in Hebrew. The headers are the screen's (reports.columns.*).
 *
 * One difference, by design: rows are in the report's order, or by the schedule's saved `sort`
 * (`<column>:asc|desc`, the screen's URL value) when it names a current figure; a sort on a
 * previous/change/custom column is ignored (the file is still complete and its totals the same).
 */

/** The screen's headers (web/src/locales/reports.<locale>.json reports.columns), per language. */
export const REPORT_SHEET_HEADERS: Record<ScheduleLanguage, Record<Parameters<HeaderWords>[0] | 'total', string>> = {
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
  fr: {
    Label: 'Nom',
    Spend: 'Dépenses ({{currency}})',
    Impressions: 'Impressions',
    Clicks: 'Clics',
    Conversions: 'Conversions',
    ConversionValue: 'Valeur de conversion ({{currency}})',
    VideoViews: 'Vues de vidéo',
    Ctr: 'CTR %',
    Cpc: 'CPC ({{currency}})',
    Cpm: 'CPM ({{currency}})',
    Cpa: 'CPA ({{currency}})',
    Cvr: 'CVR %',
    Roas: 'ROAS',
    previous: '{{column}} – période précédente',
    change: '{{column}} – variation %',
    total: 'Total',
  },
  ro: {
    Label: 'Nume',
    Spend: 'Cheltuieli ({{currency}})',
    Impressions: 'Afișări',
    Clicks: 'Clicuri',
    Conversions: 'Conversii',
    ConversionValue: 'Valoarea conversiilor ({{currency}})',
    VideoViews: 'Vizualizări video',
    Ctr: 'CTR %',
    Cpc: 'CPC ({{currency}})',
    Cpm: 'CPM ({{currency}})',
    Cpa: 'CPA ({{currency}})',
    Cvr: 'CVR %',
    Roas: 'ROAS',
    previous: '{{column}} – perioada anterioară',
    change: '{{column}} – variație %',
    total: 'Total',
  },
  zh: {
    Label: '名称',
    Spend: '花费（{{currency}}）',
    Impressions: '展示次数',
    Clicks: '点击次数',
    Conversions: '转化次数',
    ConversionValue: '转化价值（{{currency}}）',
    VideoViews: '视频观看次数',
    Ctr: 'CTR %',
    Cpc: 'CPC（{{currency}}）',
    Cpm: 'CPM（{{currency}}）',
    Cpa: 'CPA（{{currency}}）',
    Cvr: 'CVR %',
    Roas: 'ROAS',
    previous: '{{column}} – 上一期间',
    change: '{{column}} – 变化 %',
    total: '总计',
  },
};

/** The screen's catalogue lookup, on the words above: `{{name}}` filled from the params. */
const wordsOf =
  (lang: ScheduleLanguage): HeaderWords =>
  (key, params) =>
    REPORT_SHEET_HEADERS[lang][key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => params?.[k] ?? '');

/** The rows as the file writes them: the header, the rows (sorted when asked), the totals row last. */
export function reportSheetData(report: PerformanceReport, lang: ScheduleLanguage, sort?: string): SheetData {
  const columns = reportColumns(report);
  const rows = report.Rows.map((r) => reportCells(columns, r.Label, r, r.Previous));
  const m = /^([A-Za-z]+):(asc|desc)$/.exec(sort ?? '');
  if (m && (REPORT_FIGURES as readonly string[]).includes(m[1])) {
    const sign = m[2] === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * (Number(a[m[1]]) - Number(b[m[1]])));
  }
  const total = REPORT_SHEET_HEADERS[lang].total;
  const totals = reportCells(columns, total, report.Totals, report.PreviousTotals);
  const cell = (v: number | string | null, c: ReportColumn, bold: boolean): Cell => {
    if (v === null) return null;
    return typeof v === 'number'
      ? { value: v, format: CELL_FORMATS[c.kind], ...(bold ? { fontWeight: 'bold' as const } : {}) }
      : bold
        ? { value: v, fontWeight: 'bold' }
        : v;
  };
  const words = wordsOf(lang);
  return [
    columns.map((c) => ({ value: reportHeader(c, words, report.Currency), fontWeight: 'bold' as const })),
    ...rows.map((r) => columns.map((c) => cell(r[c.key], c, false))),
    columns.map((c) => cell(totals[c.key], c, true)),
  ];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The .xlsx file of a report; the company's logo, if it has one, floats past the header row's end. */
export function reportXlsx(
  report: PerformanceReport,
  lang: ScheduleLanguage,
  name: string,
  sort?: string,
  logo?: XlsxImage,
): Buffer {
  const data = reportSheetData(report, lang, sort);
  return writeXlsx(
    data,
    {
      sheet: name,
      rightToLeft: directionOf(lang) === 'rtl',
      columns: data[0].map((_c, i) => ({ width: i === 0 ? 36 : 16 })),
    },
    logo,
  );
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
