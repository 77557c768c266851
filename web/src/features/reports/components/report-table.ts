import type { PerformanceReport, ReportRow } from '@server/modules/reports/replies/reports';
import { decimalsOf, reportCells, reportHeader, type CellKind, type ReportColumn } from '@server/shared/report-columns';
import { numberFormat } from '../../../lib/format';
import type { SortDir } from '../../../lib/table-rows';

/**
 * What the Reports grid shows, as one model: its columns in order (shared/report-columns.ts, which
 * the scheduled report's file uses too), each cell's figure rounded as it is shown, the rows in the
 * order shown (sorted on the client, the totals row last). The grid draws it and the CSV / Excel
 * export writes it, so the file holds exactly the screen's figures.
 */

/** The reply as the screen reads it (custom columns: the company's performance-scope ones, when it has any). */
export type ReportReply = PerformanceReport;

/** A row as shown: its cells by column key (numbers already rounded as shown; null = nothing to show). */
export interface ShownRow {
  id: string;
  total: boolean;
  label: string;
  cells: Record<string, number | string | null>;
  /** The activity performance page of an activity or plan line row. */
  link: string | null;
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
    return {
      id: r.Key,
      total: false,
      label,
      cells: reportCells(columns, label, r, r.Previous),
      link: performanceLink(r),
    };
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
    cells: reportCells(columns, totalLabel, report.Totals, report.PreviousTotals),
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
  return reportHeader(c, (key, params) => t(`reports.columns.${key}`, params), currency);
}
