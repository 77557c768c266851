import { inflateRawSync } from 'node:zlib';
import { columnLetter } from '../shared/xlsx-cells';
import { attr, elements, first, relationships, stringItem, text } from './xlsx-xml';

/**
 * A small, bounded .xlsx (Office Open XML) reader on node:zlib: the workbook's sheets by name and
 * the values of their cells — what the plan import (modules/media-plans/import.ts) needs, and what
 * Excel, LibreOffice, Numbers and libraries such as exceljs write: shared strings, inline strings
 * (rich text runs joined, phonetic runs left out), numbers, booleans, error cells, and formulas by
 * their cached value. Dates are what the file stores, serial day numbers: the caller knows which
 * columns hold dates. Styles are not read.
 *
 * Bounded, because the file is the caller's: the file at most `maxFileBytes`; the zip read from its
 * central directory (no Zip64, no encryption, no names with `..`, a leading `/` or `\`, no
 * duplicates); each part inflated with `maxOutputLength` (a zip bomb stops at `maxPartBytes`, its
 * declared size is not trusted); a sheet's rows with a value at most `maxRows`, columns at most
 * `maxColumns`. Anything else is refused as XlsxReadError('BAD_FILE') — never a crash — and too
 * many rows as 'TOO_MANY_ROWS'.
 */

export interface XlsxLimits {
  maxFileBytes: number;
  maxPartBytes: number;
  maxRows: number;
  maxColumns: number;
}

export const XLSX_READ_LIMITS: XlsxLimits = {
  maxFileBytes: 2 * 1024 * 1024,
  maxPartBytes: 10 * 1024 * 1024,
  maxRows: 500,
  maxColumns: 60,
};

/** A formula without a cached value (the file was never calculated), or an error value (#DIV/0!): the caller refuses it if it needs it. */
export type UnreadableCell = { formula: string } | { error: string };
export type CellValue = string | number | boolean | UnreadableCell;

/** A sheet's cells: row number (1-based, as the sheet writes it) → column index (0 = A) → value. Empty cells are absent. */
export type SheetCells = Map<number, Map<number, CellValue>>;

export interface WorkbookReader {
  /** The sheets in the workbook's order. */
  sheets: { name: string; hidden: boolean }[];
  /** A sheet's cells by its name (case-insensitive, as Excel compares them); undefined when there is none. */
  read(name: string): SheetCells | undefined;
}

export class XlsxReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'BAD_FILE' | 'TOO_MANY_ROWS',
    readonly sheet?: string,
    readonly max?: number,
  ) {
    super(message);
    this.name = 'XlsxReadError';
  }
}

const bad = (why: string) => new XlsxReadError(`Not a readable .xlsx file: ${why}`, 'BAD_FILE');

/** A1-style column letters → 0-based index ('A' → 0, 'AA' → 26); -1 when not letters. */
export function columnIndex(letters: string): number {
  if (!/^[A-Z]{1,3}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

// ---------------------------------------------------------------------------------------------
// The zip container
// ---------------------------------------------------------------------------------------------

interface ZipEntry {
  method: number;
  compressed: number;
  size: number;
  local: number;
}

function centralDirectory(file: Buffer): Map<string, ZipEntry> {
  if (file.length < 22) throw bad('not a zip');
  let eocd = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 65_535); i -= 1) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad('not a zip');
  const count = file.readUInt16LE(eocd + 10);
  const cdSize = file.readUInt32LE(eocd + 12);
  const cdOffset = file.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw bad('Zip64');
  if (count === 0 || count > 10_000 || cdOffset + cdSize > eocd) throw bad('damaged zip');
  const entries = new Map<string, ZipEntry>();
  let at = cdOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || file.readUInt32LE(at) !== 0x02014b50) throw bad('damaged zip');
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    if (at + 46 + nameLength > eocd) throw bad('damaged zip');
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (flags & 0x1) throw bad('encrypted');
    if (
      !name ||
      name.length > 260 ||
      /[\\\0]/.test(name) ||
      name.startsWith('/') ||
      name.split('/').some((s) => s === '..' || s === '.')
    ) {
      throw bad(`part ${name} outside the package`);
    }
    if (entries.has(name)) throw bad(`part ${name} twice`);
    entries.set(name, { method, compressed, size, local });
    at += 46 + nameLength + skip;
  }
  return entries;
}

function inflated(file: Buffer, name: string, e: ZipEntry, maxPartBytes: number): Buffer {
  if (e.local + 30 > file.length || file.readUInt32LE(e.local) !== 0x04034b50) throw bad(`damaged part ${name}`);
  const start = e.local + 30 + file.readUInt16LE(e.local + 26) + file.readUInt16LE(e.local + 28);
  const end = start + e.compressed;
  if (end > file.length) throw bad(`damaged part ${name}`);
  const data = file.subarray(start, end);
  if (e.size > maxPartBytes) throw bad(`part ${name} over ${maxPartBytes / 1024 / 1024} MB`);
  if (e.method === 0) {
    if (e.compressed !== e.size) throw bad(`damaged part ${name}`);
    return data;
  }
  if (e.method !== 8) throw bad(`part ${name} not deflated`);
  let out: Buffer;
  try {
    // The declared size is the file's word only: the inflater itself stops at the limit.
    out = inflateRawSync(data, { maxOutputLength: maxPartBytes });
  } catch {
    throw bad(`part ${name} inflates past ${maxPartBytes / 1024 / 1024} MB, or not at all`);
  }
  if (out.length !== e.size) throw bad(`damaged part ${name}`);
  return out;
}

function cellValue(type: string, inner: string, shared: string[]): CellValue | undefined {
  const f = first(inner, 'f');
  const v = first(inner, 'v');
  const raw = v ? text(v[1] ?? '') : undefined;
  if (type === 'inlineStr') {
    const is = first(inner, 'is');
    const s = is ? stringItem(is[1] ?? '') : (raw ?? '');
    return s === '' ? undefined : s;
  }
  if (raw === undefined || raw === '') return f ? { formula: text(f[1] ?? '') } : undefined;
  switch (type) {
    case 's': {
      const i = Number(raw);
      if (!Number.isInteger(i) || i < 0 || i >= shared.length) throw bad('no such shared string');
      return shared[i] === '' ? undefined : shared[i];
    }
    case 'str':
      return raw;
    case 'b':
      return raw === '1' || raw.toLowerCase() === 'true';
    // 'd' (an ISO date, which Office does not write in cells) falls through to a number: an error value the caller names.
    case 'e':
      return { error: raw };
    default: {
      const n = Number(raw);
      return Number.isFinite(n) ? n : { error: raw };
    }
  }
}

function sheetCells(xml: string, sheet: string, shared: string[], limits: XlsxLimits): SheetCells {
  const data = first(xml, 'sheetData');
  const rows: SheetCells = new Map();
  let rowNumber = 0;
  for (const row of elements(data?.[1] ?? '', 'row')) {
    const r = attr(row.tag, 'r');
    rowNumber = r !== undefined ? Number(r) : rowNumber + 1;
    if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > 1_048_576) throw bad(`row ${r}`);
    let col = -1;
    const cells = new Map<number, CellValue>();
    for (const c of elements(row.inner, 'c')) {
      const ref = attr(c.tag, 'r');
      if (ref !== undefined) {
        const m = /^([A-Z]{1,3})(\d+)$/.exec(ref);
        if (!m || Number(m[2]) !== rowNumber) throw bad(`cell ${ref}`);
        col = columnIndex(m[1]);
      } else col += 1;
      const value = cellValue(attr(c.tag, 't') ?? 'n', c.inner, shared);
      if (value === undefined) continue;
      if (col >= limits.maxColumns)
        throw bad(`more than ${limits.maxColumns} columns (${columnLetter(col)}${rowNumber})`);
      cells.set(col, value);
    }
    if (!cells.size) continue;
    if (rows.has(rowNumber)) throw bad(`row ${rowNumber} twice`);
    rows.set(rowNumber, cells);
    if (rows.size > limits.maxRows || rowNumber > limits.maxRows) {
      throw new XlsxReadError(
        `Sheet ${sheet} has more than ${limits.maxRows} rows`,
        'TOO_MANY_ROWS',
        sheet,
        limits.maxRows,
      );
    }
  }
  return rows;
}

/** Opens a workbook: its zip directory, workbook, relationships and shared strings. Sheets are read when asked for. */
export function readXlsx(file: Buffer, limits: XlsxLimits = XLSX_READ_LIMITS): WorkbookReader {
  if (file.length > limits.maxFileBytes) throw bad(`over ${limits.maxFileBytes / 1024 / 1024} MB`);
  const entries = centralDirectory(file);
  const part = (name: string): string | undefined => {
    const e = entries.get(name);
    return e && inflated(file, name, e, limits.maxPartBytes).toString('utf8');
  };
  const root = relationships(part('_rels/.rels'), '');
  const workbookPath = [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbook = part(workbookPath);
  if (!workbook) throw bad('no workbook');
  const relsPath = `${workbookPath
    .split('/')
    .slice(0, -1)
    .concat('_rels', `${workbookPath.split('/').pop()}.rels`)
    .join('/')}`;
  const rels = relationships(part(relsPath), workbookPath);
  const sharedPath = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const sharedXml = sharedPath ? part(sharedPath) : undefined;
  const shared = sharedXml ? [...elements(sharedXml, 'si')].map((si) => stringItem(si.inner)) : [];

  const sheets: { name: string; hidden: boolean; path: string | undefined }[] = [];
  for (const s of elements(workbook, 'sheet')) {
    const name = attr(s.tag, 'name');
    if (!name) throw bad('unnamed sheet');
    const id = attr(s.tag, 'id');
    const state = attr(s.tag, 'state');
    sheets.push({
      name,
      hidden: state === 'hidden' || state === 'veryHidden',
      path: id ? rels.get(id)?.target : undefined,
    });
  }
  if (!sheets.length) throw bad('no sheet');
  return {
    sheets: sheets.map(({ name, hidden }) => ({ name, hidden })),
    read(name) {
      const s = sheets.find((x) => x.name.toLowerCase() === name.toLowerCase());
      if (!s) return undefined;
      const xml = s.path && part(s.path);
      if (!xml) throw bad(`no sheet ${s.name}`);
      return sheetCells(xml, s.name, shared, limits);
    },
  };
}
