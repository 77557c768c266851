import { crc32, deflateRawSync } from 'node:zlib';
import { columnLetter, xmlText } from '../shared/xlsx-cells';
import { withoutIsolates } from '../shared/normalise-text';

/**
 * A minimal .xlsx (Office Open XML) writer: sheets of strings, numbers and dates, bold cells,
 * number formats, column widths and a right-to-left view — what the plan export needs, built on
 * node:zlib only.
 *
 * Why not write-excel-file (which the export used before): it and fflate made ExportMediaMix the
 * largest bundle of all, for what a small writer does (docs/lambda-bundles.md). The sheet model below is the subset of write-excel-file's
 * SheetData this writer understands (a row is an array of cells; a cell is null, a string, a number
 * or { value, type, format, fontWeight }), so going back is a one-line change if the budget allows.
 */
export type CellObject = {
  value: string | number | Date;
  type?: StringConstructor | NumberConstructor | DateConstructor;
  /** Excel number format, e.g. '#,##0.00' or 'dd.mm.yyyy'; a Date needs one. */
  format?: string;
  fontWeight?: 'bold';
};
export type Cell = null | undefined | string | number | CellObject;
type Row = Cell[];
export type SheetData = Row[];

interface SheetOptions {
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

const esc = xmlText;

/** Styles: one cellXfs entry per (number format, bold) pair used, built as cells are written. */
class Styles {
  private readonly formats = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['0|', 0]]);

  /** The style index of a cell; 0 is the default. */
  of(format: string | undefined, bold: boolean): number {
    const numFmtId = format ? this.formatId(format) : 0;
    const key = `${numFmtId}|${bold ? 'b' : ''}`;
    let id = this.xfs.get(key);
    if (id === undefined) {
      id = this.xfs.size;
      this.xfs.set(key, id);
    }
    return id;
  }

  private formatId(format: string): number {
    const builtIn: Record<string, number> = {
      '0': 1,
      '0.00': 2,
      '#,##0': 3,
      '#,##0.00': 4,
      '0%': 9,
      '0.00%': 10,
      '@': 49,
    };
    if (builtIn[format] !== undefined) return builtIn[format];
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
        const [fmt, bold] = key.split('|');
        const fontId = bold ? 1 : 0;
        return `<xf numFmtId="${fmt}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${fmt !== '0' ? ' applyNumberFormat="1"' : ''}${bold ? ' applyFont="1"' : ''}/>`;
      })
      .join('');
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (this.formats.size ? `<numFmts count="${this.formats.size}">${numFmts}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
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

function cellXml(cell: Cell, ref: string, styles: Styles): string {
  if (cell === null || cell === undefined) return '';
  const c: CellObject = typeof cell === 'object' ? cell : { value: cell };
  const s = styles.of(c.format, c.fontWeight === 'bold');
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

function sheetXml(data: SheetData, options: SheetOptions, styles: Styles): string {
  const rows = data
    .map((row, r) => {
      const cells = row.map((cell, c) => cellXml(cell, `${columnLetter(c)}${r + 1}`, styles)).join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const cols = (options.columns ?? [])
    .map((col, i) => (col.width ? `<col min="${i + 1}" max="${i + 1}" width="${col.width}" customWidth="1"/>` : ''))
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    // The schema's order: sheetViews before cols before sheetData.
    `<sheetViews><sheetView workbookViewId="0"${options.rightToLeft ? ' rightToLeft="1"' : ''}/></sheetViews>` +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData>${rows}</sheetData>` +
    '</worksheet>'
  );
}

/** A stored .zip (deflated entries, no extra fields), as every .xlsx reader expects. */
function zip(files: { name: string; text: string }[], at = new Date()): Buffer {
  const dosTime = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const raw = Buffer.from(f.text, 'utf8');
    const data = deflateRawSync(raw);
    const crc = crc32(raw) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
const sheetName = (name: string) =>
  withoutIsolates(name)
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** The .xlsx file of one sheet. */
export function writeXlsx(data: SheetData, options: SheetOptions = {}): Buffer {
  return writeWorkbook([{ data, options }]);
}

/**
 * The .xlsx file of several sheets, in order (the first is the one a program opens on; a hidden
 * sheet is never the first). Every cell is a value — strings are inline strings, never formulas —
 * so a text such as "=SUM(A1)" or "+972…" stays the text it is in every spreadsheet program.
 */
export function writeWorkbook(sheets: WorkbookSheet[]): Buffer {
  if (!sheets.length || sheets[0].options?.hidden) throw new TypeError('xlsx: the first sheet must be a visible one');
  const styles = new Styles();
  const parts = sheets.map((s, i) => ({
    name: `xl/worksheets/sheet${i + 1}.xml`,
    text: sheetXml(s.data, s.options ?? {}, styles),
  })); // registers the styles the cells use
  const names = new Set<string>();
  const sheetEntries = sheets
    .map((s, i) => {
      let name = sheetName(s.options?.sheet ?? `Sheet${i + 1}`);
      while (names.has(name.toLowerCase())) name = `${name.slice(0, 28)} ${i + 1}`;
      names.add(name.toLowerCase());
      return `<sheet name="${esc(name)}" sheetId="${i + 1}"${s.options?.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`;
    })
    .join('');
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  return zip([
    {
      name: '[Content_Types].xml',
      text:
        `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
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
      text:
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      text:
        `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
        `<sheets>${sheetEntries}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text:
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
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
    { name: 'xl/styles.xml', text: styles.xml() },
  ]);
}
