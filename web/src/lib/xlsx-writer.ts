import { placeAtTop, type XlsxImage } from '@server/shared/xlsx-drawing';
import { rowXml, xlsxFile, XlsxStyles, type Cell, type ZipCodec } from '@server/shared/xlsx-package';

/**
 * An .xlsx made in the browser (the report export, the flowchart): the shared writer
 * (lambdas/shared/xlsx-package.ts), one sheet written row by row, its entries STORED (zip method 0:
 * no compression library in the console's bundle), which every .xlsx reader accepts. Imported only
 * by the exports' own chunks, loaded when a file is exported.
 */
export interface XlsxCell {
  value: string | number;
  /** Excel number format ('#,##0.00', '#,##0', '0.00"%"'). */
  format?: string;
  bold?: boolean;
  /** A solid background, as RRGGBB. */
  fill?: string;
}
export type XlsxRow = (XlsxCell | null)[];

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const STORED: ZipCodec = { method: 0, compress: (raw) => raw, crc32 };

const cellOf = (cell: XlsxCell | null): Cell =>
  cell && { value: cell.value, format: cell.format, fontWeight: cell.bold ? 'bold' : undefined, fill: cell.fill };

/** A sheet being written row by row (so a long export can report its progress); `file()` closes it into the .xlsx bytes. */
export class XlsxSheet {
  private readonly styles = new XlsxStyles();
  private readonly rows: string[] = [];

  constructor(private readonly options: { sheet: string; widths?: number[]; rightToLeft?: boolean }) {}

  add(row: XlsxRow): void {
    this.rows.push(rowXml(row.map(cellOf), this.rows.length, this.styles));
  }

  /** `logo` floats at the top, one column past the sheet's (every row of a report spans them all). */
  file(logo?: XlsxImage): Uint8Array {
    const { sheet, widths = [], rightToLeft } = this.options;
    const options = { sheet, rightToLeft, columns: widths.map((width) => ({ width })) };
    const placed = logo && placeAtTop(logo, [widths.map(() => 1)]);
    return xlsxFile([{ rows: this.rows.join(''), options }], this.styles, STORED, placed);
  }
}
