import { crc32, deflateRawSync } from 'node:zlib';
import {
  workbookFile,
  type SheetData,
  type SheetOptions,
  type WorkbookSheet,
  type ZipCodec,
} from '../shared/xlsx-package';

export type { Cell, CellObject, SheetData, WorkbookSheet } from '../shared/xlsx-package';

/**
 * The server's .xlsx files (the plan export, billing, scheduled reports): the shared writer
 * (shared/xlsx-package.ts) with its entries deflated by node:zlib.
 *
 * Why not write-excel-file (which the export used before): it and fflate made ExportMediaMix the
 * largest bundle of all, for what a small writer does (docs/lambda-bundles.md). The sheet model is
 * the subset of write-excel-file's SheetData the writer understands, so going back is a one-line
 * change if the budget allows.
 */
const DEFLATE: ZipCodec = { method: 8, compress: (raw) => deflateRawSync(raw), crc32: (raw) => crc32(raw) >>> 0 };

/** The .xlsx file of one sheet. */
export function writeXlsx(data: SheetData, options: SheetOptions = {}): Buffer {
  return writeWorkbook([{ data, options }]);
}

/** The .xlsx file of several sheets, in order (the first visible). */
export function writeWorkbook(sheets: WorkbookSheet[]): Buffer {
  const file = workbookFile(sheets, DEFLATE);
  return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
}
