import { withoutIsolates } from '@server/shared/normalise-text';
import { CELL_FORMATS, decimalsOf, shownFigure, type CellKind, type ReportColumn } from '@server/shared/report-columns';
import type { ShownRow } from './report-table';
import { XlsxSheet, type XlsxCell } from '../../../lib/xlsx-writer';

/**
 * The report's export: EXACTLY what the grid shows — its columns in order, its rows in
 * the shown order, the totals row last, each figure the same rounded number as on screen — written
 * in the browser as CSV or .xlsx. Rows are written in chunks with the progress reported between
 * them (rows written of total), so a long export shows how far it is and the page stays responsive.
 * This module is its own chunk, loaded on the first export.
 */
export interface ReportSheet {
  columns: readonly ReportColumn[];
  headers: readonly string[];
  rows: readonly ShownRow[];
  /** Hebrew: the sheet reads right to left. */
  rightToLeft: boolean;
  sheetName: string;
}
export type Progress = (done: number, total: number) => void;

/** Rows written between two progress reports. */
export const EXPORT_CHUNK = 250;
const pause = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

/** A figure as the file writes it: the shown value with its decimals, '.' as the decimal point, no grouping. */
function csvNumber(value: number, kind: CellKind): string {
  return shownFigure(value, kind).toFixed(decimalsOf(kind));
}

function csvField(value: string): string {
  const text = withoutIsolates(value);
  // A leading = + - @ would be a formula in a spreadsheet (CSV injection): names are text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function eachChunk(rows: readonly ShownRow[], write: (row: ShownRow) => void, progress: Progress): Promise<void> {
  const total = rows.length;
  progress(0, total);
  for (let i = 0; i < total; i += EXPORT_CHUNK) {
    for (const row of rows.slice(i, i + EXPORT_CHUNK)) write(row);
    progress(Math.min(i + EXPORT_CHUNK, total), total);
    if (i + EXPORT_CHUNK < total) await pause();
  }
}

/** The CSV text (UTF-8 with a BOM, so Excel reads Hebrew names; CRLF lines). */
export async function reportCsv(sheet: ReportSheet, progress: Progress = () => {}): Promise<string> {
  const lines = [sheet.headers.map(csvField).join(',')];
  await eachChunk(
    sheet.rows,
    (row) => {
      lines.push(
        sheet.columns
          .map((c) => {
            const v = row.cells[c.key];
            if (v === null || v === undefined) return '';
            return typeof v === 'number' ? csvNumber(v, c.kind) : csvField(v);
          })
          .join(','),
      );
    },
    progress,
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The company's logo as GetCompanyLogo answers it (base64), and what a screen reader says of it. */
export interface SheetLogo {
  ContentType: 'image/png' | 'image/jpeg';
  Data: string;
  description: string;
}

/**
 * The .xlsx bytes: figures as numbers with the grid's decimals as their format, the header and
 * totals rows bold; the company's logo, when it has one, floats past the last column at the top.
 */
export async function reportXlsx(
  sheet: ReportSheet,
  progress: Progress = () => {},
  logo?: SheetLogo | null,
): Promise<Uint8Array> {
  const out = new XlsxSheet({
    sheet: sheet.sheetName,
    rightToLeft: sheet.rightToLeft,
    widths: sheet.columns.map((c) => (c.kind === 'text' ? 36 : 16)),
  });
  out.add(sheet.headers.map((h) => ({ value: h, bold: true })));
  await eachChunk(
    sheet.rows,
    (row) => {
      out.add(
        sheet.columns.map((c): XlsxCell | null => {
          const v = row.cells[c.key];
          if (v === null || v === undefined) return null;
          return typeof v === 'number'
            ? { value: shownFigure(v, c.kind), format: CELL_FORMATS[c.kind], bold: row.total }
            : { value: v, bold: row.total };
        }),
      );
    },
    progress,
  );
  return out.file(
    logo
      ? {
          bytes: Uint8Array.from(atob(logo.Data), (c) => c.charCodeAt(0)),
          contentType: logo.ContentType,
          description: logo.description,
        }
      : undefined,
  );
}
