import { ValidationError } from '../../core/errors';
import type { SaveInput } from './lines';
import type { ErrorParams } from '../../shared/error-codes';
import { reasonText, type ErrorReason } from '../../shared/error-reasons';
import { LINE_INPUT_COLUMNS, LINE_TABLE_LABELS, type LineInputColumn as LineColumn } from '../../shared/export-columns';
import { EXPORT_LANGUAGES } from '../../shared/export-language';
import {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  PLAN_IDENTITY_SHEET,
  PLAN_WORKBOOK_FORMAT,
  type IdentityKey,
} from '../../shared/plan-workbook';
import { readXlsx, XlsxReadError, type CellValue, type SheetCells } from '../../core/xlsx-read';
import { columnLetter } from '../../shared/xlsx-cells';

/**
 * The plan import's reading of the workbook (import.ts): its refusals, its identity sheet and the
 * header row of its lines table.
 */

/** The input columns, by the line input field each one fills (the diff's Field names). */
export const INPUT_COLUMNS = {
  AccountChannelTypeId: 'channel',
  Name: 'line',
  StartDate: 'start',
  EndDate: 'end',
  BuyType: 'buyType',
  UnitCost: 'unitCost',
  Budget: 'budget',
  ManagementFeePct: 'managementFeePct',
  SystemFeePct: 'systemFeePct',
  ImageCreatives: 'images',
  VideoCreatives: 'videos',
} as const satisfies Partial<Record<keyof SaveInput, LineColumn>>;
export type InputField = keyof typeof INPUT_COLUMNS;
export const INPUT_FIELDS = Object.keys(INPUT_COLUMNS) as InputField[];
/** Fields whose refusals name another column: the split is the budget's. */
export const COLUMN_OF_FIELD: Record<string, LineColumn> = {
  ...INPUT_COLUMNS,
  MonthlySplit: 'budget',
  Notes: 'lineId',
  MediaMixId: 'lineId',
  ID: 'lineId',
};

type Refusal = 'OTHER_PLAN' | 'VERSION_MISMATCH' | 'BAD_FILE' | 'BAD_CELL' | 'TOKEN_MISMATCH' | 'TOO_MANY_ROWS';

/** IMPORT_REFUSED: the English message is the reason's text (shared/error-reasons.ts) with its params, then the detail. */
export function refused(reason: Refusal, detail: string, params: ErrorParams = {}): ValidationError {
  return new ValidationError(`file: ${reasonText(reason, params)} (${detail})`, 'IMPORT_REFUSED', {
    field: 'file',
    reason,
    ...params,
  });
}

/** Where a refused cell is. */
export interface CellAt {
  sheet: string;
  row: number;
  column: number;
}

export function badCell(at: CellAt, cellReason: ErrorReason, why: string, params: ErrorParams = {}): ValidationError {
  const column = columnLetter(at.column);
  return refused('BAD_CELL', `${reasonText(cellReason, params)}: ${why}`, {
    ...params,
    sheet: at.sheet,
    row: at.row,
    column,
    cellReason,
  });
}

// ---------------------------------------------------------------------------------------------
// Reading the workbook
// ---------------------------------------------------------------------------------------------

interface FileIdentity {
  AccountId: number;
  ActivityId: number;
  MediaMixId: number;
  VersionNumber: number;
}

export function openWorkbook(bytes: Buffer) {
  try {
    return readXlsx(bytes, {
      maxFileBytes: MAX_IMPORT_FILE_BYTES,
      maxPartBytes: 10 * 1024 * 1024,
      maxRows: MAX_IMPORT_ROWS,
      maxColumns: MAX_IMPORT_COLUMNS,
    });
  } catch (err) {
    throw readRefusal(err);
  }
}

function readRefusal(err: unknown): unknown {
  if (!(err instanceof XlsxReadError)) return err;
  return err.kind === 'TOO_MANY_ROWS'
    ? refused('TOO_MANY_ROWS', err.message, { sheet: err.sheet ?? '', max: err.max ?? MAX_IMPORT_ROWS })
    : refused('BAD_FILE', err.message);
}

export function readSheet(wb: ReturnType<typeof readXlsx>, name: string): SheetCells | undefined {
  try {
    return wb.read(name);
  } catch (err) {
    throw readRefusal(err);
  }
}

export function identityOf(wb: ReturnType<typeof readXlsx>): FileIdentity {
  const cells = readSheet(wb, PLAN_IDENTITY_SHEET);
  const notOurs = () => refused('BAD_FILE', `no ${PLAN_IDENTITY_SHEET} sheet (${PLAN_WORKBOOK_FORMAT})`);
  if (!cells) throw notOurs();
  const values = new Map<string, CellValue>();
  for (const row of cells.values()) {
    const key = row.get(0);
    const value = row.get(1);
    if (typeof key === 'string' && value !== undefined) values.set(key.trim(), value);
  }
  if (values.get('Format') !== PLAN_WORKBOOK_FORMAT) throw notOurs();
  const number = (key: IdentityKey): number => {
    const v = values.get(key);
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n <= 0) throw notOurs();
    return n;
  };
  return {
    AccountId: number('AccountId'),
    ActivityId: number('ActivityId'),
    MediaMixId: number('MediaMixId'),
    VersionNumber: number('VersionNumber'),
  };
}

/** The header row of the lines table and the column of each label, in whichever language the file's labels are. */
export function lineHeader(cells: SheetCells, sheet: string): { row: number; columns: Map<LineColumn, number> } {
  for (const [rowNumber, row] of [...cells.entries()].sort((a, b) => a[0] - b[0])) {
    for (const language of EXPORT_LANGUAGES) {
      const labels = LINE_TABLE_LABELS[language].columns;
      const byLabel = new Map(LINE_INPUT_COLUMNS.map((c) => [labels[c].trim().toLowerCase(), c]));
      const columns = new Map<LineColumn, number>();
      for (const [col, v] of row) {
        const key = typeof v === 'string' ? byLabel.get(v.trim().toLowerCase()) : undefined;
        if (key && !columns.has(key)) columns.set(key, col);
      }
      if (columns.has('channel') && columns.has('lineId')) {
        const missing = [...Object.values(INPUT_COLUMNS)].filter((c) => !columns.has(c));
        if (missing.length) throw refused('BAD_FILE', `no column ${missing.map((c) => labels[c]).join(', ')}`);
        return { row: rowNumber, columns };
      }
    }
  }
  throw refused('BAD_FILE', `no line table on sheet ${sheet}`);
}

export const TOTALS_LABELS = new Set(EXPORT_LANGUAGES.map((l) => LINE_TABLE_LABELS[l].totals.trim().toLowerCase()));

/** A number as the sheet stores it, without binary noise (3333.3300000000002 → 3333.33). */
export const clean = (n: number) => Number(n.toPrecision(15));
