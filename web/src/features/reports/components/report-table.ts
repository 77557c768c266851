import type {
  CustomColumnHead,
  CustomValues,
  PerformanceReport,
  ReportFigures,
  ReportRow,
} from '@server/modules/reports/replies/reports';
import { numberFormat, roundHalfUp } from '../../../lib/format';
import type { SortDir } from '../../../lib/table-rows';

/**
 * What the Reports grid shows, as one model: its columns in order, each cell's figure rounded as it
 * is shown, the rows in the order shown (sorted on the client, the totals row last). The grid draws
 * it and the CSV / Excel export writes it, so the file holds exactly the screen's figures.
 */

/** The reply as the screen reads it (custom columns: the company's performance-scope ones, when it has any). */
export type ReportReply = PerformanceReport;

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
export type Figure = (typeof FIGURES)[number];

/** How a figure is shown: money (2 decimals, the report currency), a count, a 2-decimal number or a percent. */
export type CellKind = 'text' | 'money' | 'count' | 'decimal' | 'percent';
const KIND: Record<Figure, CellKind> = {
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

export interface ReportColumn {
  /** 'Label', a figure, `custom:<id>`, and with compare `<figure>:previous` / `<figure>:change`. */
  key: string;
  kind: CellKind;
  /** The header's parts: the figure (or custom column name) and whether it is the previous period or the change. */
  base: Figure | 'Label' | { custom: string; format: CustomColumnHead['Format'] };
  variant: 'current' | 'previous' | 'change';
}

/** A row as shown: its cells by column key (numbers already rounded as shown; null = nothing to show). */
export interface ShownRow {
  id: string;
  total: boolean;
  label: string;
  cells: Record<string, number | string | null>;
  /** The activity performance page of an activity or plan line row. */
  link: string | null;
}

const decimalsOf = (kind: CellKind) => (kind === 'count' ? 0 : 2);
/** A figure rounded as the grid shows it (the API already rounds amounts; KPIs to 2 decimals). */
export const shownFigure = (value: number, kind: CellKind) => roundHalfUp(value, decimalsOf(kind));

/** A custom column's figure as shown: its format's decimals; a percent column's value is a ratio (0.05), shown × 100. */
const customKind = (format: CustomColumnHead['Format']): CellKind =>
  format === 'currency' ? 'money' : format === 'percent' ? 'percent' : 'decimal';
const customShown = (value: number, format: CustomColumnHead['Format']) => (format === 'percent' ? value * 100 : value);

/** The columns of a reply: the label, the figures (with previous and change beside each when compared), then its custom columns. */
export function columnsOf(report: ReportReply): ReportColumn[] {
  const compared = report.PreviousTotals !== null;
  const out: ReportColumn[] = [{ key: 'Label', kind: 'text', base: 'Label', variant: 'current' }];
  for (const f of FIGURES) {
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

function cellsOf(
  columns: readonly ReportColumn[],
  label: string,
  now: ReportFigures & { Custom?: CustomValues },
  before: ReportFigures | null | undefined,
) {
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

/** /accounts/{a}/activities/{b}/mediaMix/{c}/stats?from=reports, when the row names a page. */
export function performanceLink(row: ReportRow): string | null {
  if (!row.AccountId || !row.ActivityId || !row.MediaMixId) return null;
  return `/accounts/${row.AccountId}/activities/${row.ActivityId}/mediaMix/${row.MediaMixId}/stats?from=reports`;
}

export interface SortChoice {
  key: string;
  dir: SortDir;
}

/**
 * The rows as shown: the reply's rows (sorted by one column when asked, ties in the reply's order), then the totals row.
 * `labelOf` names a row (an Unmapped row: its account's name in a translated sentence).
 */
export function shownRows(
  report: ReportReply,
  columns: readonly ReportColumn[],
  sort: SortChoice | null,
  locale: string,
  totalLabel: string,
  labelOf: (r: ReportReply['Rows'][number]) => string = (r) => r.Label,
): ShownRow[] {
  const rows = report.Rows.map((r): ShownRow => {
    const label = labelOf(r);
    return { id: r.Key, total: false, label, cells: cellsOf(columns, label, r, r.Previous), link: performanceLink(r) };
  });
  if (sort && columns.some((c) => c.key === sort.key)) {
    const text = new Intl.Collator(locale);
    const sign = sort.dir === 'asc' ? 1 : -1;
    const order = new Map(rows.map((r, i) => [r, i]));
    rows.sort((a, b) => {
      const x = a.cells[sort.key];
      const y = b.cells[sort.key];
      // Empty cells last in either direction.
      if (x === null || y === null) return x === y ? order.get(a)! - order.get(b)! : x === null ? 1 : -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : text.compare(String(x), String(y));
      return c !== 0 ? sign * c : order.get(a)! - order.get(b)!;
    });
  }
  rows.push({
    id: 'totals',
    total: true,
    label: totalLabel,
    cells: cellsOf(columns, totalLabel, report.Totals, report.PreviousTotals),
    link: null,
  });
  return rows;
}

/** A cell as the grid writes it: figures with the locale's separators and their decimals; empty cells "—". */
export function cellText(value: number | string | null, kind: CellKind, locale: string): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  const d = decimalsOf(kind);
  const text = numberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(value);
  return kind === 'percent' ? `${text}%` : text;
}

/** `sort=<column>:asc|desc` of the URL. */
export function parseSort(text: string | null): SortChoice | null {
  const m = /^([A-Za-z]+(?::(?:previous|change))?|custom:[\w-]+):(asc|desc)$/.exec(text ?? '');
  return m ? { key: m[1], dir: m[2] as SortDir } : null;
}
export const sortText = (s: SortChoice) => `${s.key}:${s.dir}`;

/** A column's header in the UI's language (money columns name the report currency). */
export function headerOf(
  c: ReportColumn,
  t: (key: string, params?: Record<string, unknown>) => string,
  currency: string,
): string {
  const name =
    c.base === 'Label'
      ? t('reports.columns.Label')
      : typeof c.base === 'object'
        ? c.base.custom
        : t(`reports.columns.${c.base}`, { currency });
  return c.variant === 'current' ? name : t(`reports.columns.${c.variant}`, { column: name });
}
