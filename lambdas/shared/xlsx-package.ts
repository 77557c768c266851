import { columnLetter, xmlText } from './xlsx-cells';
import { drawingParts, placeAtTop, type PlacedImage, type XlsxImage } from './xlsx-drawing';
import { withoutIsolates } from './normalise-text';

export type { PlacedImage, XlsxImage } from './xlsx-drawing';

/**
 * The one .xlsx (Office Open XML) writer of Mixdesk, shared by the server's (core/xlsx.ts: the plan,
 * billing and scheduled report files) and the console's (the report page's Excel download): the
 * cells, sheets and styles as XML, the package's parts, and the zip around them. Only the zip's
 * compression differs, so each side passes its own: the server deflates with node:zlib, the browser
 * stores the entries (no compression library in the console's bundle).
 *
 * The sheet model is the subset of write-excel-file's SheetData the writer understands (a row is an
 * array of cells; a cell is null, a string, a number or { value, type, format, fontWeight, fill }).
 */
export type CellObject = {
  value: string | number | Date;
  type?: StringConstructor | NumberConstructor | DateConstructor;
  /** Excel number format, e.g. '#,##0.00' or 'dd.mm.yyyy'; a Date needs one. */
  format?: string;
  fontWeight?: 'bold';
  /** A solid background, as RRGGBB ('DCE8F7'). */
  fill?: string;
};
export type Cell = null | undefined | string | number | CellObject;
export type SheetData = Cell[][];

export interface SheetOptions {
  sheet?: string;
  /** Column widths in characters. */
  columns?: { width?: number }[];
  /** The sheet's view runs right to left (column A on the right), as Hebrew readers expect. */
  rightToLeft?: boolean;
  /** A hidden sheet (Excel's Unhide shows it): data the file carries for a program, not for the reader. */
  hidden?: boolean;
}

/** One sheet of a workbook: its rows and options. */
export interface WorkbookSheet {
  data: SheetData;
  options?: SheetOptions;
}

/** How the zip holds its entries: method 8 (deflate) or 0 (stored), and the bytes' CRC-32. */
export interface ZipCodec {
  method: 0 | 8;
  compress: (raw: Uint8Array) => Uint8Array;
  crc32: (raw: Uint8Array) => number;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const esc = xmlText;

/** Excel's built-in number formats, referred to by id without a numFmt of their own. */
const BUILT_IN_FORMATS: Record<string, number> = {
  '0': 1,
  '0.00': 2,
  '#,##0': 3,
  '#,##0.00': 4,
  '0%': 9,
  '0.00%': 10,
  '@': 49,
};

const FILL = /^[0-9A-F]{6}$/;

/**
 * Styles: one cellXfs entry per (number format, bold, fill) used, built as cells are written. The
 * fills past Excel's two reserved ones are the solid colours used, in order of first use; a file
 * without fills is written as before they existed.
 */
export class XlsxStyles {
  private readonly formats = new Map<string, number>();
  private readonly fills = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['0|', 0]]);

  /** The style index of a cell; 0 is the default. */
  of(format: string | undefined, bold: boolean, fill?: string): number {
    const numFmtId = format ? this.formatId(format) : 0;
    const key = `${numFmtId}|${bold ? 'b' : ''}${fill ? `|${this.fillId(fill)}` : ''}`;
    let id = this.xfs.get(key);
    if (id === undefined) {
      id = this.xfs.size;
      this.xfs.set(key, id);
    }
    return id;
  }

  private fillId(rgb: string): number {
    const colour = rgb.toUpperCase();
    if (!FILL.test(colour)) throw new RangeError(`xlsx: fill '${rgb}' is not a colour as RRGGBB`);
    let id = this.fills.get(colour);
    if (id === undefined) {
      id = 2 + this.fills.size;
      this.fills.set(colour, id);
    }
    return id;
  }

  private formatId(format: string): number {
    if (BUILT_IN_FORMATS[format] !== undefined) return BUILT_IN_FORMATS[format];
    let id = this.formats.get(format);
    if (id === undefined) {
      id = 164 + this.formats.size;
      this.formats.set(format, id);
    }
    return id;
  }

  xml(): string {
    const numFmts = [...this.formats]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${esc(code)}"/>`)
      .join('');
    const xfs = [...this.xfs.keys()]
      .map((key) => {
        const [fmt, bold, fill = '0'] = key.split('|');
        const fontId = bold ? 1 : 0;
        return `<xf numFmtId="${fmt}" fontId="${fontId}" fillId="${fill}" borderId="0" xfId="0"${fmt !== '0' ? ' applyNumberFormat="1"' : ''}${bold ? ' applyFont="1"' : ''}${fill !== '0' ? ' applyFill="1"' : ''}/>`;
      })
      .join('');
    return (
      `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      (this.formats.size ? `<numFmts count="${this.formats.size}">${numFmts}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      `<fills count="${2 + this.fills.size}"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>` +
      [...this.fills.keys()]
        .map(
          (rgb) =>
            `<fill><patternFill patternType="solid"><fgColor rgb="FF${rgb}"/><bgColor indexed="64"/></patternFill></fill>`,
        )
        .join('') +
      '</fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfs.size}">${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

/**
 * A Date as Excel's serial day number (days since 1899-12-30, the time a fraction of a day), read
 * in UTC: the caller puts the wall-clock time it wants shown into the UTC fields.
 */
function excelDay(date: Date, ref: string): number {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`xlsx: cell ${ref} is not a valid date`);
  return ms / 86_400_000 + 25_569;
}

function cellXml(cell: Cell, ref: string, styles: XlsxStyles): string {
  if (cell === null || cell === undefined) return '';
  const c: CellObject = typeof cell === 'object' ? cell : { value: cell };
  const s = styles.of(c.format, c.fontWeight === 'bold', c.fill);
  const style = s ? ` s="${s}"` : '';
  if (c.value instanceof Date) {
    if (!c.format) throw new TypeError(`xlsx: date cell ${ref} has no format`);
    return `<c r="${ref}"${style}><v>${excelDay(c.value, ref)}</v></c>`;
  }
  const isNumber = c.type === Number || (c.type === undefined && typeof c.value === 'number');
  if (isNumber) {
    const n = Number(c.value);
    if (!Number.isFinite(n)) throw new RangeError(`xlsx: cell ${ref} is not a finite number`);
    return `<c r="${ref}"${style}><v>${n}</v></c>`;
  }
  const text = withoutIsolates(String(c.value));
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${esc(text)}</t></is></c>`;
}

/** One row's XML, its styles registered (`r`: 0-based), so a long sheet can be written row by row. */
export function rowXml(row: readonly Cell[], r: number, styles: XlsxStyles): string {
  const cells = row.map((cell, c) => cellXml(cell, `${columnLetter(c)}${r + 1}`, styles)).join('');
  return `<row r="${r + 1}">${cells}</row>`;
}

function sheetXml(rows: string, options: SheetOptions, drawing = ''): string {
  const cols = (options.columns ?? [])
    .map((col, i) => (col.width ? `<col min="${i + 1}" max="${i + 1}" width="${col.width}" customWidth="1"/>` : ''))
    .join('');
  return (
    `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    // The schema's order: sheetViews before cols before sheetData.
    `<sheetViews><sheetView workbookViewId="0"${options.rightToLeft ? ' rightToLeft="1"' : ''}/></sheetViews>` +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData>${rows}</sheetData>` +
    drawing +
    '</worksheet>'
  );
}

/**
 * A .zip with no extra fields, its entries stored or deflated as the codec says; every .xlsx reader takes either.
 * No zip64: at most 65,535 entries and 4 GiB, far above any workbook (the company export's archive,
 * which may pass both, has its own streamed writer with zip64: core/zip.ts).
 */
export function zip(
  files: { name: string; data: string | Uint8Array }[],
  codec: ZipCodec,
  at = new Date(),
): Uint8Array {
  const enc = new TextEncoder();
  const dosTime = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = enc.encode(f.name);
    const raw = typeof f.data === 'string' ? enc.encode(f.data) : f.data;
    const data = codec.compress(raw);
    const crc = codec.crc32(raw);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true); // version needed
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint16(8, codec.method, true);
    local.setUint16(10, dosTime, true);
    local.setUint16(12, dosDate, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, raw.length, true);
    local.setUint16(26, name.length, true);
    locals.push(new Uint8Array(local.buffer), name, data);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true); // made by
    central.setUint16(6, 20, true); // needed
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, codec.method, true);
    central.setUint16(12, dosTime, true);
    central.setUint16(14, dosDate, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, raw.length, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return concat([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of chunks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
const sheetName = (name: string) =>
  withoutIsolates(name)
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** The sheets' entries in the workbook, each name unique whatever its case. */
function sheetEntries(sheets: readonly { options: SheetOptions }[]): string {
  const names = new Set<string>();
  return sheets
    .map((s, i) => {
      let name = sheetName(s.options.sheet ?? `Sheet${i + 1}`);
      while (names.has(name.toLowerCase())) name = `${name.slice(0, 28)} ${i + 1}`;
      names.add(name.toLowerCase());
      return `<sheet name="${esc(name)}" sheetId="${i + 1}"${s.options.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`;
    })
    .join('');
}

/**
 * The .xlsx file of sheets whose rows are written (`rows`: their rowXml joined, with `styles`), in
 * order; `image` floats over the first sheet (without one, the file is byte for byte as before).
 */
export function xlsxFile(
  sheets: readonly { rows: string; options: SheetOptions }[],
  styles: XlsxStyles,
  codec: ZipCodec,
  image?: PlacedImage,
): Uint8Array {
  const drawing = image ? drawingParts(image) : undefined;
  const parts = sheets.map((s, i) => ({
    name: `xl/worksheets/sheet${i + 1}.xml`,
    data: sheetXml(s.rows, s.options, i === 0 ? drawing?.sheetElement : undefined),
  }));
  return zip(
    [
      {
        name: '[Content_Types].xml',
        data:
          `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          (drawing?.contentTypes ?? '') +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          parts
            .map(
              (p) =>
                `<Override PartName="/${p.name}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      },
      {
        name: '_rels/.rels',
        data:
          `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '</Relationships>',
      },
      {
        name: 'xl/workbook.xml',
        data:
          `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          `<sheets>${sheetEntries(sheets)}</sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data:
          `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          parts
            .map(
              (p, i) =>
                `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
            )
            .join('') +
          `<Relationship Id="rId${parts.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
          '</Relationships>',
      },
      ...parts,
      { name: 'xl/styles.xml', data: styles.xml() },
      ...(drawing?.files ?? []),
    ],
    codec,
  );
}

/**
 * The .xlsx file of several sheets, in order (the first is the one a program opens on; a hidden
 * sheet is never the first). Every cell is a value — strings are inline strings, never formulas —
 * so a text such as "=SUM(A1)" or "+972…" stays the text it is in every spreadsheet program.
 * `logo` floats at the top of the first sheet, past the values of the rows it lies over.
 */
export function workbookFile(sheets: readonly WorkbookSheet[], codec: ZipCodec, logo?: XlsxImage): Uint8Array {
  if (!sheets.length || sheets[0].options?.hidden) throw new TypeError('xlsx: the first sheet must be a visible one');
  const styles = new XlsxStyles();
  const written = sheets.map((s) => ({
    rows: s.data.map((row, r) => rowXml(row, r, styles)).join(''),
    options: s.options ?? {},
  }));
  return xlsxFile(written, styles, codec, logo && placeAtTop(logo, sheets[0].data));
}
