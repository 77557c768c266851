import type { AccountChannelType } from '../channel-types';
import type { Activity } from '../activities';
import type { PlanLine, PlanVersion } from './store';
import { lineInput } from './schemas/plans';
import type { ErrorParams } from '../../shared/error-codes';
import { isErrorReason, type ErrorReason } from '../../shared/error-reasons';
import type { LineInputColumn as LineColumn } from '../../shared/export-columns';
import { codeOf } from '../../shared/issue-codes';
import { dayOfSerial } from '../../shared/plan-workbook';
import { applyInput, newLineOf, type SaveInput } from './lines';
import { lineFigureProblem } from './figures';
import { activityRefusal } from './write-rules';
import type { CellValue } from '../../core/xlsx-read';
import { badCell, clean, COLUMN_OF_FIELD, type CellAt } from './import-workbook';

/** The plan import's rows (import.ts): each one parsed and checked as a line of the new version. */

/** One row of the file as a line of the new version (ids still to take). */
export interface ImportedLine {
  row: number;
  /** The base version's line it changes, or undefined for a new one. */
  base?: PlanLine;
  line: PlanLine;
}

export interface ImportContext {
  sheet: string;
  baseLines: Map<number, PlanLine>;
  copies: AccountChannelType[];
  header: PlanVersion;
  activity: Activity;
  scopeAccountId: number;
  who: string;
  at: string;
}

type Cell = string | number | boolean | undefined;

/** One row's cells by column, and where each one is (for the refusals). */
interface RowCells {
  at: (c: LineColumn) => CellAt;
  cell: (c: LineColumn) => Cell;
}

function rowCells(
  ctx: ImportContext,
  rowNumber: number,
  row: Map<number, CellValue>,
  columns: Map<LineColumn, number>,
): RowCells {
  const at = (c: LineColumn): CellAt => ({ sheet: ctx.sheet, row: rowNumber, column: columns.get(c)! });
  const cell = (c: LineColumn): Cell => {
    const v = row.get(columns.get(c)!);
    if (v === undefined || typeof v !== 'object')
      return typeof v === 'number' ? clean(v) : typeof v === 'string' ? v.trim() : v;
    if ('formula' in v) throw badCell(at(c), 'FORMULA_NO_VALUE', `=${v.formula} has no value`);
    throw badCell(at(c), 'CELL_ERROR', v.error, { value: v.error });
  };
  return { at, cell };
}

/** The line id: empty for a new line, else a line of the base version, once. */
function baseLineOf(
  ctx: ImportContext,
  { at, cell }: RowCells,
  rowNumber: number,
  seen: Map<number, number>,
): PlanLine | undefined {
  const idCell = cell('lineId');
  if (idCell === undefined || idCell === '') return undefined;
  const lineId =
    typeof idCell === 'number'
      ? idCell
      : typeof idCell === 'string' && /^\d{1,10}$/.test(idCell)
        ? Number(idCell)
        : NaN;
  const base = Number.isInteger(lineId) ? ctx.baseLines.get(lineId) : undefined;
  if (!base) throw badCell(at('lineId'), 'LINE_ID_UNKNOWN', `no line ${String(idCell)}`, { lineId: String(idCell) });
  const first = seen.get(base.ID);
  if (first !== undefined)
    throw badCell(at('lineId'), 'LINE_ID_REPEATED', `line ${base.ID} on row ${first} too`, { firstRow: first });
  seen.set(base.ID, rowNumber);
  return base;
}

/** The channel, by the name of an account channel type (the line's own type keeps even when switched off since). */
function channelOf(
  ctx: ImportContext,
  { at, cell }: RowCells,
  base: PlanLine | undefined,
): { copy?: AccountChannelType; typeId: number } {
  const channel = cell('channel');
  const channelName = typeof channel === 'number' ? String(channel) : typeof channel === 'string' ? channel : '';
  if (base && channelName.toLowerCase() === base.ChannelTypeName.trim().toLowerCase())
    return { typeId: base.AccountChannelTypeId };
  const copy = ctx.copies.find((c) => c.Active && c.Name.trim().toLowerCase() === channelName.toLowerCase());
  if (!copy) throw badCell(at('channel'), 'CHANNEL_UNKNOWN', `no channel ${channelName}`, { name: channelName });
  return { copy, typeId: copy.ID };
}

/** The row's cells as the line schema's input, parsed; a refusal names the cell. */
function parsedInput(
  ctx: ImportContext,
  { at, cell }: RowCells,
  base: PlanLine | undefined,
  typeId: number,
): SaveInput {
  const date = (c: LineColumn) => {
    const v = cell(c);
    return typeof v === 'number' ? (dayOfSerial(v) ?? String(v)) : v;
  };
  const text = (c: LineColumn) => {
    const v = cell(c);
    return typeof v === 'number' ? String(v) : v;
  };
  const raw = {
    ID: 0,
    MediaMixId: ctx.header.ID,
    AccountChannelTypeId: typeId,
    Name: text('line') ?? '',
    StartDate: date('start'),
    EndDate: date('end'),
    BuyType: text('buyType'),
    UnitCost: cell('unitCost'),
    Budget: cell('budget'),
    ManagementFeePct: cell('managementFeePct') ?? null,
    SystemFeePct: cell('systemFeePct') ?? null,
    ImageCreatives: cell('images') ?? 0,
    VideoCreatives: cell('videos') ?? 0,
    Notes: base?.Notes ?? '',
    MonthlySplit: base?.MonthlySplit ?? null,
  };
  // A new budget or new dates: the split goes back to days (as the grid's edit does).
  const keepsSplit =
    base && raw.Budget === base.Budget && raw.StartDate === base.StartDate && raw.EndDate === base.EndDate;
  if (!keepsSplit) raw.MonthlySplit = null;

  const parsed = lineInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [code, params] = codeOf(issue);
    const field = String(issue.path[0] ?? 'ID');
    throw badCell(at(COLUMN_OF_FIELD[field] ?? 'lineId'), ...cellReasonOf(code, params, issue.message));
  }
  return parsed.data;
}

/** The line's figure bounds and its dates within the activity, as SaveMediaChannel checks them. */
function checkLine(ctx: ImportContext, { at }: RowCells, line: PlanLine): void {
  const problem = lineFigureProblem(line);
  if (problem)
    throw badCell(
      at(COLUMN_OF_FIELD[problem.field] ?? 'budget'),
      'FIGURE_OUT_OF_RANGE',
      `${problem.field} ${problem.message}`,
    );
  const outside = activityRefusal(ctx.activity, ctx.activity.ID, ctx.scopeAccountId, {
    start: line.StartDate,
    end: line.EndDate,
    field: 'line',
  });
  if (outside) {
    if (outside.code !== 'LINE_OUTSIDE_ACTIVITY') throw outside; // not about the dates: the activity itself refuses (deleted, elsewhere)
    throw badCell(
      at(line.StartDate < ctx.activity.StartDate ? 'start' : 'end'),
      'OUTSIDE_ACTIVITY',
      'outside the activity',
      {
        activityStart: ctx.activity.StartDate,
        activityEnd: ctx.activity.EndDate,
      },
    );
  }
}

export function rowToLine(
  ctx: ImportContext,
  rowNumber: number,
  row: Map<number, CellValue>,
  columns: Map<LineColumn, number>,
  seen: Map<number, number>,
): ImportedLine {
  const cells = rowCells(ctx, rowNumber, row, columns);
  const base = baseLineOf(ctx, cells, rowNumber, seen);
  const { copy, typeId } = channelOf(ctx, cells, base);
  const input = parsedInput(ctx, cells, base, typeId);
  const start = base ?? newLineOf(ctx.header, 0, copy!, input, ctx.who, ctx.at);
  // SaveMediaChannel's money rule beyond the schema is the monthly split's, which the file cannot
  // change: a line keeps its split only with the budget and dates it was checked with, else none.
  const line = applyInput(start, input, copy);
  checkLine(ctx, cells, line);
  return { row: rowNumber, base, line };
}

/** A schema or money refusal as a cell's reason and its params (shared/error-reasons.ts). */
function cellReasonOf(code: string, params: ErrorParams, message: string): [ErrorReason, string, ErrorParams] {
  const { field: _f, detail, reason, ...rest } = params;
  const why = typeof detail === 'string' ? detail : message;
  if (isErrorReason(reason)) return [reason, why, rest];
  switch (code) {
    case 'FIELD_REQUIRED':
      return ['REQUIRED', 'is required', {}];
    case 'FIELD_TOO_LONG':
      return ['TEXT_TOO_LONG', why, { limit: rest.max ?? '' }];
    case 'FIELD_TOO_LARGE':
      return ['AT_MOST', why, { limit: rest.max ?? '' }];
    case 'MONEY_OUT_OF_RANGE':
      return ['AT_MOST', why, { limit: rest.limit ?? '' }];
    case 'FIELD_TOO_SMALL':
      return ['AT_LEAST', why, { limit: rest.min ?? '' }];
    default:
      return ['INVALID', why, {}];
  }
}
