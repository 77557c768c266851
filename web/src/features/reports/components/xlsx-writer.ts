import { columnLetter, xmlText } from '@server/shared/xlsx-cells';
import { withoutIsolates } from '@server/shared/normalise-text';
/**
 * A minimal .xlsx writer for the browser: one sheet of strings and numbers, bold cells, number
 * formats, column widths and a right-to-left view — the report export's needs. The server's writer
 * (lambdas/core/xlsx.ts) deflates with node:zlib; here the entries are STORED (zip method 0, no
 * compression library in the console's bundle), which every .xlsx reader accepts. Loaded only when
 * a report is exported.
 */
export interface XlsxCell {
  value: string | number;
  /** Excel number format ('#,##0.00', '#,##0', '0.00"%"'). */
  format?: string;
  bold?: boolean;
}
export type XlsxRow = (XlsxCell | null)[];

const esc = xmlText;

class Styles {
  private readonly formats = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['0|', 0]]);

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
    const builtIn: Record<string, number> = { '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4 };
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
        return `<xf numFmtId="${fmt}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"${fmt !== '0' ? ' applyNumberFormat="1"' : ''}${bold ? ' applyFont="1"' : ''}/>`;
      })
      .join('');
    return (
      `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      (this.formats.size ? `<numFmts count="${this.formats.size}">${numFmts}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfs.size}">${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** One row's XML (the sheet is written row by row, so a long export can report its progress). */
function rowXml(row: XlsxRow, r: number, styles: Styles): string {
  const cells = row
    .map((cell, c) => {
      if (!cell) return '';
      const ref = `${columnLetter(c)}${r + 1}`;
      const s = styles.of(cell.format, !!cell.bold);
      const style = s ? ` s="${s}"` : '';
      if (typeof cell.value === 'number') {
        if (!Number.isFinite(cell.value)) throw new RangeError(`xlsx: cell ${ref} is not a finite number`);
        return `<c r="${ref}"${style}><v>${cell.value}</v></c>`;
      }
      const text = withoutIsolates(cell.value);
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${esc(text)}</t></is></c>`;
    })
    .join('');
  return `<row r="${r + 1}">${cells}</row>`;
}

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

/** A .zip of stored entries (method 0). */
function zip(files: { name: string; text: string }[], at = new Date()): Uint8Array {
  const enc = new TextEncoder();
  const dosTime = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  const parts: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = enc.encode(f.name);
    const data = enc.encode(f.text);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true);
    local.setUint16(8, 0, true);
    local.setUint16(10, dosTime, true);
    local.setUint16(12, dosDate, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, data);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, 0, true);
    central.setUint16(12, dosTime, true);
    central.setUint16(14, dosDate, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, data.length, true);
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
  const all = [...parts, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, b) => n + b.length, 0));
  let at2 = 0;
  for (const b of all) {
    out.set(b, at2);
    at2 += b.length;
  }
  return out;
}

const sheetName = (name: string) =>
  withoutIsolates(name)
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** A sheet being written row by row; `file()` closes it into the .xlsx bytes. */
export class XlsxSheet {
  private readonly styles = new Styles();
  private readonly rows: string[] = [];

  constructor(private readonly options: { sheet: string; widths?: number[]; rightToLeft?: boolean }) {}

  add(row: XlsxRow): void {
    this.rows.push(rowXml(row, this.rows.length, this.styles));
  }

  file(): Uint8Array {
    const cols = (this.options.widths ?? [])
      .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
      .join('');
    const sheet =
      `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
      `<sheetViews><sheetView workbookViewId="0"${this.options.rightToLeft ? ' rightToLeft="1"' : ''}/></sheetViews>` +
      (cols ? `<cols>${cols}</cols>` : '') +
      `<sheetData>${this.rows.join('')}</sheetData></worksheet>`;
    return zip([
      {
        name: '[Content_Types].xml',
        text:
          `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      },
      {
        name: '_rels/.rels',
        text:
          `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '</Relationships>',
      },
      {
        name: 'xl/workbook.xml',
        text:
          `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          `<sheets><sheet name="${esc(sheetName(this.options.sheet))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        text:
          `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          '</Relationships>',
      },
      { name: 'xl/worksheets/sheet1.xml', text: sheet },
      { name: 'xl/styles.xml', text: this.styles.xml() },
    ]);
  }
}
