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

/**
 * Draws one band of the grid at the writer's cursor: the header row (the periods, today's filled and
 * named), then per group its subtotal row in the group's colour and its lines (a bar's periods
 * filled in that colour with the amount), then the totals; the header again at the top of every
 * page the rows run onto, today's column edged on each page. Columns run from the document's start
 * edge (the right in Hebrew).
 */
export function drawGrid(w: PdfWriter, g: Grid): void {
  const count = g.to - g.from;
  const spare = w.contentWidth - g.widths.name - g.widths.total - count * g.widths.period;
  // The band fills the page's width: what is left widens the periods, at most to twice their width.
  const period = g.widths.period + Math.max(0, Math.min(g.widths.period, spare / Math.max(1, count)));
  const { name, total } = g.widths;
  const width = name + count * period + total;
  const left = w.direction === 'rtl' ? w.pageWidth - w.margin - width : w.margin;
  const periodAt = (i: number) => name + (i - g.from) * period;
  const todayIn = g.chart.todayIndex >= g.from && g.chart.todayIndex < g.to;
  const lh = w.lineHeight(CELL);
  let pageTop = w.y;

  const edgeToday = () => {
    if (!todayIn) return;
    const x = w.boxX(periodAt(g.chart.todayIndex), period);
    w.line(x, pageTop, x, w.y, 1, 0.35);
    w.line(x + period, pageTop, x + period, w.y, 1, 0.35);
  };
  const header = () => {
    pageTop = w.y;
    const h = 2 * lh + 2 * PAD;
    w.rect(left, w.y, width, h, 0.9);
    if (todayIn) w.fill(w.boxX(periodAt(g.chart.todayIndex), period), w.y, period, h, FLOW_TODAY_FILL);
    w.text(g.labels.line, w.boxX(PAD, name - 2 * PAD), name - 2 * PAD, w.y + PAD, BOLD);
    for (let i = g.from; i < g.to; i += 1) {
      const x = w.boxX(periodAt(i) + PAD, period - 2 * PAD);
      w.text(g.fmt.period(g.chart.periods[i]), x, period - 2 * PAD, w.y + PAD, BOLD, 'center');
      if (i === g.chart.todayIndex) w.text(g.labels.today, x, period - 2 * PAD, w.y + PAD + lh, BOLD, 'center');
    }
    w.text(
      g.labels.total,
      w.boxX(name + count * period + PAD, total - 2 * PAD),
      total - 2 * PAD,
      w.y + PAD,
      BOLD,
      'end',
    );
    w.y += h;
    w.line(left, w.y, left + width, w.y, 0.5, 0.5);
  };
  /** Turns the page when `height` more does not fit, closing today's edge and repeating the header. */
  const room = (height: number) => {
    if (w.y + height <= w.bottom) return;
    edgeToday();
    w.newPage();
    header();
  };
  const draw = (row: Row, keepWith = 0) => {
    const lines = w.wrap(row.label, name - 2 * PAD, row.style);
    const h = Math.max(1, lines.length) * lh + 2 * PAD;
    room(h + keepWith);
    if (row.fill) w.fill(left, w.y, width, h, row.fill);
    if (row.band !== undefined) w.rect(left, w.y, width, h, row.band);
    lines.forEach((line, k) =>
      w.text(line, w.boxX(PAD, name - 2 * PAD), name - 2 * PAD, w.y + PAD + k * lh, row.style),
    );
    row.cells.forEach((cell, k) => {
      const from = name + k * period;
      if (cell.bar && row.barFill) w.fill(w.boxX(from, period), w.y + 1.5, period, h - 3, row.barFill);
      if (cell.text)
        w.text(cell.text, w.boxX(from + PAD, period - 2 * PAD), period - 2 * PAD, w.y + PAD, row.style, 'end');
    });
    const tx = w.boxX(name + count * period + PAD, total - 2 * PAD);
    w.text(row.total, tx, total - 2 * PAD, w.y + PAD, BOLD, 'end');
    w.y += h;
    w.line(left, w.y, left + width, w.y, 0.3, 0.75);
    return h;
  };

  const band = <T>(values: readonly T[]) => values.slice(g.from, g.to);
  room(4 * lh + 6 * PAD);
  header();
  g.chart.groups.forEach((group, gi) => {
    const fill = g.fillOf(gi);
    const cells = band(group.totals).map((t) => ({ text: g.fmt.amount(t), bar: false }));
    // A group's subtotal row stays on the page of its first line.
    draw({ label: group.label, style: BOLD, cells, total: g.fmt.amount(group.total), fill }, lh + 2 * PAD);
    for (const r of group.rows) {
      const lineCells = band(r.cells).map((c) => ({ text: c.days > 0 ? g.fmt.amount(c.amount) : '', bar: c.days > 0 }));
      draw({ label: r.line.name, style: CELL, cells: lineCells, total: g.fmt.amount(r.total), barFill: fill });
    }
  });
  room(lh + 2 * PAD);
  w.line(left, w.y, left + width, w.y, 1, 0.2);
  const totals = band(g.chart.totals).map((t) => ({ text: g.fmt.amount(t), bar: false }));
  draw({ label: g.labels.totals, style: BOLD, cells: totals, total: g.fmt.amount(g.chart.total), band: 0.93 });
  edgeToday();
  w.y += 8;
}
