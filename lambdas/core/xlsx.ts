import { crc32, deflateRawSync } from 'node:zlib';
import {
  workbookFile,
  type SheetData,
  type SheetOptions,
  type WorkbookSheet,
  type XlsxImage,
  type ZipCodec,
} from '../shared/xlsx-package';

export type { Cell, CellObject, SheetData, WorkbookSheet, XlsxImage } from '../shared/xlsx-package';

/**
 * The server's .xlsx files (the plan export, billing, scheduled reports): the shared writer
 * (shared/xlsx-package.ts) with its entries deflated by node:zlib.
 *
 * Why not write-excel-file (which the export used before): it and fflate made ExportMediaMix the
 * largest bundle of all, for what a small writer does (docs/lambda-bundles.md). The sheet model is
 * the subset of write-excel-file's SheetData the writer understands, so going back is a one-line
 * change if the budget allows.
 *
 * Every file the server writes for a company passes its logo (configurations' companyLogo, read
 * once per file): it floats at the top of the first sheet. No logo, the file is as it always was.
 */
const DEFLATE: ZipCodec = { method: 8, compress: (raw) => deflateRawSync(raw), crc32: (raw) => crc32(raw) >>> 0 };

/** The .xlsx file of one sheet, the company's logo (if any) at its top. */
export function writeXlsx(data: SheetData, options: SheetOptions = {}, logo?: XlsxImage): Buffer {
  return writeWorkbook([{ data, options }], logo);
}

/** The .xlsx file of several sheets, in order (the first visible), the company's logo (if any) at the top of the first. */
export function writeWorkbook(sheets: WorkbookSheet[], logo?: XlsxImage): Buffer {
  const file = workbookFile(sheets, DEFLATE, logo);
  return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
}
