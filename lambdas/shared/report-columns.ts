import { roundHalfUp } from './round-half-up';

/**
 * The performance report's columns, one definition for the Reports screen (its grid and export,
 * web/src/features/reports) and the scheduled report's file (modules/reports/schedule-sheet.ts):
 * the label, the 12 figures (with compare: the previous figure and the change % beside each), then
 * the performance custom columns; each cell's figure rounded as the screen shows it (counts 0
 * decimals, everything else 2, half-up; a custom percent column × 100); the headers' make-up and
 * each kind's Excel number format. Typed by shape (shared code imports no module): a
 * PerformanceReport, its rows and totals fit.
 */
export const REPORT_FIGURES = [
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
export type ReportFigure = (typeof REPORT_FIGURES)[number];

/** How a figure is shown: money (2 decimals, the report currency), a count, a 2-decimal number or a percent. */
export type CellKind = 'text' | 'money' | 'count' | 'decimal' | 'percent';
const KIND: Record<ReportFigure, CellKind> = {
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

/** The Excel number format of each kind: the shown decimals, a percent column's % sign. */
export const CELL_FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  count: '#,##0',
  decimal: '#,##0.00',
  percent: '#,##0.00"%"',
};

type CustomFormat = 'number' | 'currency' | 'percent';
type Figures = Record<ReportFigure, number>;
type FiguresWithCustom = Figures & { Custom?: Record<string, number | null> };

export interface ReportColumn {
  /** 'Label', a figure, `custom:<id>`, and with compare `<figure>:previous` / `<figure>:change`. */
  key: string;
  kind: CellKind;
  /** The header's parts: the figure (or custom column name) and whether it is the previous period or the change. */
  base: ReportFigure | 'Label' | { custom: string; format: CustomFormat };
  variant: 'current' | 'previous' | 'change';
}

export const decimalsOf = (kind: CellKind) => (kind === 'count' ? 0 : 2);
/** A figure rounded as the grid shows it (the API already rounds amounts; KPIs to 2 decimals). */
export const shownFigure = (value: number, kind: CellKind) => roundHalfUp(value, decimalsOf(kind));

/** A custom column's figure as shown: its format's decimals; a percent column's value is a ratio (0.05), shown × 100. */
const customKind = (format: CustomFormat): CellKind =>
  format === 'currency' ? 'money' : format === 'percent' ? 'percent' : 'decimal';
const customShown = (value: number, format: CustomFormat) => (format === 'percent' ? value * 100 : value);

/** The columns of a report: the label, the figures (with previous and change beside each when compared), then its custom columns. */
export function reportColumns(report: {
  PreviousTotals: Figures | null;
  CustomColumns?: readonly { Id: number; Name: string; Format: CustomFormat }[];
}): ReportColumn[] {
  const compared = report.PreviousTotals !== null;
  const out: ReportColumn[] = [{ key: 'Label', kind: 'text', base: 'Label', variant: 'current' }];
  for (const f of REPORT_FIGURES) {
    out.push({ key: f, kind: KIND[f], base: f, variant: 'current' });
    if (compared) {
      out.push({ key: `${f}:previous`, kind: KIND[f], base: f, variant: 'previous' });
      out.push({ key: `${f}:change`, kind: 'percent', base: f, variant: 'change' });
    }
  }
  for (const c of report.CustomColumns ?? [])
    out.push({
      key: `custom:${c.Id}`,
      kind: customKind(c.Format),
      base: { custom: c.Name, format: c.Format },
      variant: 'current',
    });
  return out;
}

/** Change in percent from the previous period; none when the previous figure is 0 (no base to compare with). */
export function changePct(now: number, before: number): number | null {
  if (before === 0) return null;
  return roundHalfUp(((now - before) / Math.abs(before)) * 100, 2);
}

/** A row's cells by column key: figures rounded as shown, null where there is nothing to show. */
export function reportCells(
  columns: readonly ReportColumn[],
  label: string,
  now: FiguresWithCustom,
  before: Figures | null | undefined,
): Record<string, number | string | null> {
  const cells: Record<string, number | string | null> = {};
  for (const c of columns) {
    if (c.base === 'Label') {
      cells[c.key] = label;
      continue;
    }
    if (typeof c.base === 'object') {
      const v = now.Custom?.[c.key.slice('custom:'.length)];
      cells[c.key] =
        v === null || v === undefined || !Number.isFinite(v)
          ? null
          : shownFigure(customShown(v, c.base.format), c.kind);
      continue;
    }
    const cur = shownFigure(now[c.base], c.kind);
    if (c.variant === 'current') cells[c.key] = cur;
    else if (!before) cells[c.key] = null;
    else if (c.variant === 'previous') cells[c.key] = shownFigure(before[c.base], c.kind);
    else cells[c.key] = changePct(cur, shownFigure(before[c.base], c.kind));
  }
  return cells;
}

/** A header's words by their key (reports.columns.<key> in the console's catalogues). */
export type HeaderWords = (
  key: 'Label' | ReportFigure | 'previous' | 'change',
  params?: Record<string, string>,
) => string;

/** A column's header: money columns name the report currency; a previous or change column names its figure. */
export function reportHeader(c: ReportColumn, words: HeaderWords, currency: string): string {
  const name =
    c.base === 'Label' ? words('Label') : typeof c.base === 'object' ? c.base.custom : words(c.base, { currency });
  return c.variant === 'current' ? name : words(c.variant, { column: name });
}
