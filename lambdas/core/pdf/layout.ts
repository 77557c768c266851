import type { Align, PdfWriter, TextStyle } from './document';
import type { PdfImageInput } from './image';

/** The box a logo is drawn in at most (points). */
const LOGO_BOX = { width: 140, height: 48 };
const CELL_PAD = 4;

/**
 * The blocks a document is made of, each drawn at the writer's cursor and moving it down: they turn
 * the page when the block does not fit. Everything follows the document's direction: text starts
 * at the right in Hebrew, a key–value list has its keys at the start, a table's first column is at
 * the start edge.
 */

/** The logo at the top corner at the end of the line (top right in Hebrew's mirror: top left), the cursor below it. */
export function logo(w: PdfWriter, image: PdfImageInput): void {
  const x = w.direction === 'rtl' ? w.margin : w.pageWidth - w.margin - LOGO_BOX.width;
  // against the page's outer edge, the side the text ends on
  const drawn = w.image(image, x, w.y, LOGO_BOX, w.direction === 'rtl' ? 'left' : 'right');
  if (!drawn) return;
  w.y += drawn.height + 8;
}

export function heading(w: PdfWriter, text: string, level: 1 | 2 = 1): void {
  const style: TextStyle = { size: level === 1 ? 16 : 12, bold: true };
  const lines = w.wrap(text, w.contentWidth, style);
  w.ensure(lines.length * w.lineHeight(style) + 12);
  w.y += level === 1 ? 0 : 6;
  for (const line of lines) {
    w.text(line, w.margin, w.contentWidth, w.y, style);
    w.y += w.lineHeight(style);
  }
  w.y += 4;
}

export function paragraph(w: PdfWriter, text: string, style: TextStyle = {}): void {
  const lh = w.lineHeight(style);
  for (const line of w.wrap(text, w.contentWidth, style)) {
    w.ensure(lh);
    w.text(line, w.margin, w.contentWidth, w.y, style);
    w.y += lh;
  }
  w.y += 4;
}

/** Pairs of a label (bold, at the start) and its value, one pair a line, values wrapped. */
export function keyValues(w: PdfWriter, pairs: [string, string][], labelWidth = 130): void {
  const lh = w.lineHeight();
  const valueWidth = w.contentWidth - labelWidth - 8;
  for (const [label, value] of pairs) {
    const lines = w.wrap(value, valueWidth);
    w.ensure(lines.length * lh);
    w.text(label, w.boxX(0, labelWidth), labelWidth, w.y, { bold: true });
    lines.forEach((line, i) => w.text(line, w.boxX(labelWidth + 8, valueWidth), valueWidth, w.y + i * lh));
    w.y += Math.max(1, lines.length) * lh;
  }
  w.y += 6;
}

export interface TableColumn {
  header: string;
  /** A share of the width the fitted columns leave (the shares are scaled to fill it). */
  width: number;
  align?: Align;
  /** As wide as its widest cell, never wrapped (amounts, days); `width` is then ignored. */
  fit?: boolean;
}

const TABLE_STYLE: TextStyle = { size: 8 };
const HEADER_STYLE: TextStyle = { size: 8, bold: true };

/** Fitted columns as wide as their widest cell (header and totals in bold), the others sharing the rest. */
function columnWidths(w: PdfWriter, columns: TableColumn[], rows: string[][], totals?: string[]): number[] {
  const fitted = columns.map((c, i) => {
    if (!c.fit) return 0;
    const widest = Math.max(
      w.widthOf(c.header, HEADER_STYLE),
      w.widthOf(totals?.[i] ?? '', HEADER_STYLE),
      ...rows.map((row) => w.widthOf(row[i] ?? '', TABLE_STYLE)),
    );
    return widest + 2 * CELL_PAD + 1;
  });
  const left = Math.max(0, w.contentWidth - fitted.reduce((n, x) => n + x, 0));
  const share = columns.reduce((n, c) => n + (c.fit ? 0 : c.width), 0) || 1;
  return columns.map((c, i) => (c.fit ? fitted[i] : (c.width / share) * left));
}

/**
 * A table: the header on a gray band, repeated at the top of every page the rows run onto; each
 * row as high as its most wrapped cell; `totals` (if any) bold under a rule, kept on the page of
 * the last row.
 */
export function table(w: PdfWriter, columns: TableColumn[], rows: string[][], totals?: string[]): void {
  const widths = columnWidths(w, columns, rows, totals);
  const starts = widths.map((_, i) => widths.slice(0, i).reduce((n, x) => n + x, 0));
  const cellsOf = (row: string[], style: TextStyle) =>
    row.map((cell, i) => w.wrap(cell ?? '', widths[i] - 2 * CELL_PAD, style));
  const heightOf = (cells: string[][], style: TextStyle) =>
    Math.max(1, ...cells.map((c) => c.length)) * w.lineHeight(style) + 2 * CELL_PAD;
  const draw = (cells: string[][], style: TextStyle, band?: number) => {
    const h = heightOf(cells, style);
    if (band !== undefined) w.rect(w.margin, w.y, w.contentWidth, h, band);
    cells.forEach((lines, i) => {
      const x = w.boxX(starts[i] + CELL_PAD, widths[i] - 2 * CELL_PAD);
      lines.forEach((line, k) =>
        w.text(line, x, widths[i] - 2 * CELL_PAD, w.y + CELL_PAD + k * w.lineHeight(style), style, columns[i].align),
      );
    });
    w.y += h;
    w.line(w.margin, w.y, w.margin + w.contentWidth, w.y, 0.3, 0.75);
  };
  const header = cellsOf(
    columns.map((c) => c.header),
    HEADER_STYLE,
  );
  const headerHeight = heightOf(header, HEADER_STYLE);
  w.ensure(headerHeight + w.lineHeight(TABLE_STYLE) * 2);
  draw(header, HEADER_STYLE, 0.9);
  const totalCells = totals && cellsOf(totals, HEADER_STYLE);
  rows.forEach((row, r) => {
    const cells = cellsOf(row, TABLE_STYLE);
    const last = r === rows.length - 1;
    const need = heightOf(cells, TABLE_STYLE) + (last && totalCells ? heightOf(totalCells, HEADER_STYLE) : 0);
    if (w.ensure(need)) draw(header, HEADER_STYLE, 0.9);
    draw(cells, TABLE_STYLE);
  });
  if (totalCells) {
    if (w.ensure(heightOf(totalCells, HEADER_STYLE))) draw(header, HEADER_STYLE, 0.9);
    w.line(w.margin, w.y, w.margin + w.contentWidth, w.y, 1, 0.2);
    draw(totalCells, HEADER_STYLE);
  }
  w.y += 8;
}
