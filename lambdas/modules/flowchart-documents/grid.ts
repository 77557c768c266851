import type { PdfWriter, TextStyle } from '../../core/pdf';
import { FLOW_TODAY_FILL, type Flowchart, type FlowLine } from '../../shared/flowchart';
import type { FlowFormat } from './format';
import type { FlowchartLabels } from './labels';

const PAD = 3;
const CELL: TextStyle = { size: 7 };
const BOLD: TextStyle = { size: 7, bold: true };
/** The line's name column: as wide as its longest name, within these bounds (longer names wrap). */
const NAME_MIN = 90;
const NAME_MAX = 180;

export interface GridWidths {
  name: number;
  period: number;
  total: number;
}

/** One band of the grid: the periods [from, to) of the chart, with the lines' names and totals. */
export interface Grid {
  chart: Flowchart<FlowLine>;
  fmt: FlowFormat;
  labels: FlowchartLabels;
  fillOf: (groupIndex: number) => string;
  from: number;
  to: number;
  widths: GridWidths;
}

/** The columns' natural widths: a period as wide as its widest figure or name, the total as its widest. */
export function gridColumns(w: PdfWriter, chart: Flowchart<FlowLine>, fmt: FlowFormat, L: FlowchartLabels): GridWidths {
  const widest = (texts: string[], style: TextStyle) => Math.max(0, ...texts.map((t) => w.widthOf(t, style)));
  const amounts = [
    ...chart.totals,
    ...chart.groups.flatMap((g) => [...g.totals, ...g.rows.flatMap((r) => r.cells.map((c) => c.amount))]),
  ].map(fmt.amount);
  const totals = [chart.total, ...chart.groups.flatMap((g) => [g.total, ...g.rows.map((r) => r.total)])].map(
    fmt.amount,
  );
  const names = [L.line, L.totals, ...chart.groups.flatMap((g) => [g.label, ...g.rows.map((r) => r.line.name)])];
  const periods = [L.today, ...chart.periods.map(fmt.period)];
  return {
    name: Math.min(NAME_MAX, Math.max(NAME_MIN, widest(names, BOLD))) + 2 * PAD,
    period: Math.max(widest(amounts, BOLD), widest(periods, BOLD)) + 2 * PAD + 1,
    total: Math.max(widest(totals, BOLD), widest([L.total], BOLD)) + 2 * PAD + 1,
  };
}

interface Row {
  label: string;
  style: TextStyle;
  /** Per period of the band: the text, and whether the cell is a bar's (filled). */
  cells: { text: string; bar: boolean }[];
  total: string;
  /** The whole row's fill (a group's subtotals), RRGGBB; or a gray band (0 black … 1 white). */
  fill?: string;
  band?: number;
  barFill?: string;
}

/** One band's geometry on the page: its columns' widths, from the document's start edge. */
class BandPainter {
  readonly period: number;
  readonly width: number;
  readonly left: number;
  readonly lh: number;
  /** Where the grid begins on the current page (today's edge runs from there). */
  private pageTop: number;

  constructor(
    private readonly w: PdfWriter,
    private readonly g: Grid,
  ) {
    const count = g.to - g.from;
    const spare = w.contentWidth - g.widths.name - g.widths.total - count * g.widths.period;
    // The band fills the page's width: what is left widens the periods, at most to twice their width.
    this.period = g.widths.period + Math.max(0, Math.min(g.widths.period, spare / Math.max(1, count)));
    this.width = g.widths.name + count * this.period + g.widths.total;
    this.left = w.direction === 'rtl' ? w.pageWidth - w.margin - this.width : w.margin;
    this.lh = w.lineHeight(CELL);
    this.pageTop = w.y;
  }

  private periodAt(i: number) {
    return this.g.widths.name + (i - this.g.from) * this.period;
  }

  private get today(): number | null {
    const i = this.g.chart.todayIndex;
    return i >= this.g.from && i < this.g.to ? i : null;
  }

  /** Edges today's column from the grid's top on this page to the cursor. */
  edgeToday(): void {
    if (this.today === null) return;
    const x = this.w.boxX(this.periodAt(this.today), this.period);
    this.w.line(x, this.pageTop, x, this.w.y, 1, 0.35);
    this.w.line(x + this.period, this.pageTop, x + this.period, this.w.y, 1, 0.35);
  }

  header(): void {
    const { w, g, period, lh } = this;
    const { name, total } = g.widths;
    this.pageTop = w.y;
    const h = 2 * lh + 2 * PAD;
    w.rect(this.left, w.y, this.width, h, 0.9);
    if (this.today !== null) w.fill(w.boxX(this.periodAt(this.today), period), w.y, period, h, FLOW_TODAY_FILL);
    w.text(g.labels.line, w.boxX(PAD, name - 2 * PAD), name - 2 * PAD, w.y + PAD, BOLD);
    for (let i = g.from; i < g.to; i += 1) {
      const x = w.boxX(this.periodAt(i) + PAD, period - 2 * PAD);
      w.text(g.fmt.period(g.chart.periods[i]), x, period - 2 * PAD, w.y + PAD, BOLD, 'center');
      if (i === this.today) w.text(g.labels.today, x, period - 2 * PAD, w.y + PAD + lh, BOLD, 'center');
    }
    const tx = w.boxX(this.periodAt(g.to) + PAD, total - 2 * PAD);
    w.text(g.labels.total, tx, total - 2 * PAD, w.y + PAD, BOLD, 'end');
    w.y += h;
    w.line(this.left, w.y, this.left + this.width, w.y, 0.5, 0.5);
  }

  /** Turns the page when `height` more does not fit, closing today's edge and repeating the header. */
  room(height: number): void {
    if (this.w.y + height <= this.w.bottom) return;
    this.edgeToday();
    this.w.newPage();
    this.header();
  }

  /** A row, kept on one page with `keepWith` more points after it. */
  row(row: Row, keepWith = 0): void {
    const { w, period, lh } = this;
    const { name, total } = this.g.widths;
    const lines = w.wrap(row.label, name - 2 * PAD, row.style);
    const h = Math.max(1, lines.length) * lh + 2 * PAD;
    this.room(h + keepWith);
    if (row.fill) w.fill(this.left, w.y, this.width, h, row.fill);
    if (row.band !== undefined) w.rect(this.left, w.y, this.width, h, row.band);
    lines.forEach((line, k) =>
      w.text(line, w.boxX(PAD, name - 2 * PAD), name - 2 * PAD, w.y + PAD + k * lh, row.style),
    );
    row.cells.forEach((cell, k) => {
      const from = name + k * period;
      if (cell.bar && row.barFill) w.fill(w.boxX(from, period), w.y + 1.5, period, h - 3, row.barFill);
      if (cell.text)
        w.text(cell.text, w.boxX(from + PAD, period - 2 * PAD), period - 2 * PAD, w.y + PAD, row.style, 'end');
    });
    const tx = w.boxX(this.periodAt(this.g.to) + PAD, total - 2 * PAD);
    w.text(row.total, tx, total - 2 * PAD, w.y + PAD, BOLD, 'end');
    w.y += h;
    w.line(this.left, w.y, this.left + this.width, w.y, 0.3, 0.75);
  }

  /** The rule above the totals, kept with them. */
  rule(): void {
    this.room(this.lh + 2 * PAD);
    this.w.line(this.left, this.w.y, this.left + this.width, this.w.y, 1, 0.2);
  }
}

/**
 * Draws one band of the grid at the writer's cursor: the header row (the periods, today's filled and
 * named), then per group its subtotal row in the group's colour and its lines (a bar's periods
 * filled in that colour with the amount), then the totals; the header again at the top of every
 * page the rows run onto, today's column edged on each page. Columns run from the document's start
 * edge (the right in Hebrew).
 */
export function drawGrid(w: PdfWriter, g: Grid): void {
  const p = new BandPainter(w, g);
  const band = <T>(values: readonly T[]) => values.slice(g.from, g.to);
  const amounts = (values: readonly number[]) => band(values).map((t) => ({ text: g.fmt.amount(t), bar: false }));
  // The header and a group's first rows on one page.
  if (w.y + 4 * p.lh + 6 * PAD > w.bottom) w.newPage();
  p.header();
  g.chart.groups.forEach((group, gi) => {
    const fill = g.fillOf(gi);
    // A group's subtotal row stays on the page of its first line.
    const subtotal = {
      label: group.label,
      style: BOLD,
      cells: amounts(group.totals),
      total: g.fmt.amount(group.total),
    };
    p.row({ ...subtotal, fill }, p.lh + 2 * PAD);
    for (const r of group.rows) {
      const cells = band(r.cells).map((c) => ({ text: c.days > 0 ? g.fmt.amount(c.amount) : '', bar: c.days > 0 }));
      p.row({ label: r.line.name, style: CELL, cells, total: g.fmt.amount(r.total), barFill: fill });
    }
  });
  p.rule();
  p.row({
    label: g.labels.totals,
    style: BOLD,
    cells: amounts(g.chart.totals),
    total: g.fmt.amount(g.chart.total),
    band: 0.93,
  });
  p.edgeToday();
  w.y += 8;
}
