import { createHash } from 'node:crypto';
import type { output } from 'zod/mini';
import { ValidationError } from '../../core/errors';
import type { AccountChannelType } from '../channel-types';
import type { Activity } from '../activities';
import { planReads, versionCopyStore, type MediaChannel, type MediaMix, type PlanReads } from './store/plan-store';
import type { UserProfile } from '../tenancy';
import { mediaChannelInput } from './schemas/plans';
import type { importMediaMix, previewMediaMixImport } from './schemas/plan-import';
import type { ErrorParams } from '../../shared/error-codes';
import { isErrorReason, reasonText, type ErrorReason } from '../../shared/error-reasons';
import { LINE_INPUT_COLUMNS, LINE_TABLE_LABELS, type LineInputColumn as LineColumn } from '../../shared/export-columns';
import { EXPORT_LANGUAGES } from '../../shared/export-language';
import { codeOf } from '../../shared/issue-codes';
import { MAX_LINES_PER_PLAN } from '../../shared/money-limits';
import {
  dayOfSerial,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  PLAN_IDENTITY_SHEET,
  PLAN_WORKBOOK_FORMAT,
  type IdentityKey,
} from '../../shared/plan-workbook';
import type { PlanImportChange, PlanImportPreview, PlanImportResult } from './replies/plan-import';
import { applyInput, newLineOf, type SaveInput } from './lines';
import { lineFigureProblem } from './figures';
import { loadMixInScope } from './scope';
import { explainOpen, openNewVersion, versionBase, type VersionBase, type VersionCopyStore } from './versions';
import { readPlanAccounts } from './plan-accounts';
import { activityRefusal } from './write-rules';
import { readXlsx, XlsxReadError, type CellValue, type SheetCells } from '../../core/xlsx-read';
import { columnLetter } from '../../shared/xlsx-cells';

/**
 * The plan's Excel round trip, inbound: an export (modules/media-plans/export.ts) edited
 * in a spreadsheet program comes back as a NEW DRAFT VERSION of its plan (latest + 1) with exactly
 * the file's lines. PreviewMediaMixImport says what that would change and writes nothing;
 * ImportMediaMix does it, given the preview's Token (a hash of the file and the version it is based
 * on), so what is written is what was previewed.
 *
 * - Identity (the hidden sheet, shared/plan-workbook.ts): the file's account and activity must be
 *   the plan's of the request's version (else OTHER_PLAN), its MediaMixId that plan's version of its
 *   VersionNumber (else OTHER_PLAN), and that version the plan's latest (else VERSION_MISMATCH). The
 *   new version follows it as CreateMediaMixVersion does (media-mix-versions.ts versionBase): the
 *   latest must be Approved or Rejected; when it is a Draft or Submitted one the import is refused
 *   with CreateMediaMixVersion's 409 (PLAN_DRAFT_OPEN / PLAN_SUBMITTED_OPEN: one open version at a
 *   time; change that Draft in the editor, or export it once approved or rejected).
 * - The lines sheet (the workbook's first visible sheet), headers in either language
 *   (shared/export-labels.ts): rows under the header row until an empty row or the totals block.
 *   Inputs: channel (an active channel type of the account, by name), line name, start, end, buy
 *   type, unit cost, budget, management fee %, system fee %, images, videos, and the line id.
 *   Computed columns (fee amounts, creative fees, subtotal, planned KPIs) are ignored.
 * - Each row is parsed with the API's own line schema (modules/media-plans/schemas/plans.ts mediaChannelInput)
 *   and the line rules of SaveMediaChannel (media-channels.ts: fees, monthly split, figure bounds,
 *   dates within the activity); a refusal is BAD_CELL naming the sheet, row and column letter with
 *   the schema's reason as `cellReason`.
 * - Matching: a row with a line id of the base version is that line (unchanged fields keep
 *   everything, Notes and the monthly split included; a new budget or new dates reset the split to
 *   days, listed as a MonthlySplit change); a row without one is a new line; a line id the base
 *   version does not have, or one repeated, is BAD_CELL; base lines without a row are removed.
 * Nothing is written on any refusal.
 */

type PreviewInput = output<typeof previewMediaMixImport>;
type ImportInput = output<typeof importMediaMix>;

/** The input columns, by the line input field each one fills (the diff's Field names). */
const INPUT_COLUMNS = {
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
type InputField = keyof typeof INPUT_COLUMNS;
const INPUT_FIELDS = Object.keys(INPUT_COLUMNS) as InputField[];
/** Fields whose refusals name another column: the split is the budget's. */
const COLUMN_OF_FIELD: Record<string, LineColumn> = {
  ...INPUT_COLUMNS,
  MonthlySplit: 'budget',
  Notes: 'lineId',
  MediaMixId: 'lineId',
  ID: 'lineId',
};

type Refusal = 'OTHER_PLAN' | 'VERSION_MISMATCH' | 'BAD_FILE' | 'BAD_CELL' | 'TOKEN_MISMATCH' | 'TOO_MANY_ROWS';

/** IMPORT_REFUSED: the English message is the reason's text (shared/error-reasons.ts) with its params, then the detail. */
function refused(reason: Refusal, detail: string, params: ErrorParams = {}): ValidationError {
  return new ValidationError(`file: ${reasonText(reason, params)} (${detail})`, 'IMPORT_REFUSED', {
    field: 'file',
    reason,
    ...params,
  });
}

/** Where a refused cell is. */
interface CellAt {
  sheet: string;
  row: number;
  column: number;
}

function badCell(at: CellAt, cellReason: ErrorReason, why: string, params: ErrorParams = {}): ValidationError {
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

function openWorkbook(bytes: Buffer) {
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

function readSheet(wb: ReturnType<typeof readXlsx>, name: string): SheetCells | undefined {
  try {
    return wb.read(name);
  } catch (err) {
    throw readRefusal(err);
  }
}

function identityOf(wb: ReturnType<typeof readXlsx>): FileIdentity {
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
function lineHeader(cells: SheetCells, sheet: string): { row: number; columns: Map<LineColumn, number> } {
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

const TOTALS_LABELS = new Set(EXPORT_LANGUAGES.map((l) => LINE_TABLE_LABELS[l].totals.trim().toLowerCase()));

/** A number as the sheet stores it, without binary noise (3333.3300000000002 → 3333.33). */
const clean = (n: number) => Number(n.toPrecision(15));

// ---------------------------------------------------------------------------------------------
// Rows → lines
// ---------------------------------------------------------------------------------------------

/** One row of the file as a line of the new version (ids still to take). */
interface ImportedLine {
  row: number;
  /** The base version's line it changes, or undefined for a new one. */
  base?: MediaChannel;
  line: MediaChannel;
}

interface ImportContext {
  sheet: string;
  baseLines: Map<number, MediaChannel>;
  copies: AccountChannelType[];
  header: MediaMix;
  activity: Activity;
  scopeAccountId: number;
  who: string;
  at: string;
}

function rowToLine(
  ctx: ImportContext,
  rowNumber: number,
  row: Map<number, CellValue>,
  columns: Map<LineColumn, number>,
  seen: Map<number, number>,
): ImportedLine {
  const at = (c: LineColumn): CellAt => ({ sheet: ctx.sheet, row: rowNumber, column: columns.get(c)! });
  const cell = (c: LineColumn): string | number | boolean | undefined => {
    const v = row.get(columns.get(c)!);
    if (v === undefined || typeof v !== 'object')
      return typeof v === 'number' ? clean(v) : typeof v === 'string' ? v.trim() : v;
    if ('formula' in v) throw badCell(at(c), 'FORMULA_NO_VALUE', `=${v.formula} has no value`);
    throw badCell(at(c), 'CELL_ERROR', v.error, { value: v.error });
  };

  // The line id: empty for a new line, else a line of the base version, once.
  const idCell = cell('lineId');
  let base: MediaChannel | undefined;
  if (idCell !== undefined && idCell !== '') {
    const lineId =
      typeof idCell === 'number'
        ? idCell
        : typeof idCell === 'string' && /^\d{1,10}$/.test(idCell)
          ? Number(idCell)
          : NaN;
    base = Number.isInteger(lineId) ? ctx.baseLines.get(lineId) : undefined;
    if (!base) throw badCell(at('lineId'), 'LINE_ID_UNKNOWN', `no line ${String(idCell)}`, { lineId: String(idCell) });
    const first = seen.get(base.ID);
    if (first !== undefined)
      throw badCell(at('lineId'), 'LINE_ID_REPEATED', `line ${base.ID} on row ${first} too`, { firstRow: first });
    seen.set(base.ID, rowNumber);
  }

  // The channel, by the name of an account channel type (the line's own type keeps even when switched off since).
  const channel = cell('channel');
  const channelName = typeof channel === 'number' ? String(channel) : typeof channel === 'string' ? channel : '';
  let copy: AccountChannelType | undefined;
  let typeId = base?.AccountChannelTypeId ?? 0;
  if (!base || channelName.toLowerCase() !== base.ChannelTypeName.trim().toLowerCase()) {
    copy = ctx.copies.find((c) => c.Active && c.Name.trim().toLowerCase() === channelName.toLowerCase());
    if (!copy) throw badCell(at('channel'), 'CHANNEL_UNKNOWN', `no channel ${channelName}`, { name: channelName });
    typeId = copy.ID;
  }

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

  const parsed = mediaChannelInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [code, params] = codeOf(issue);
    const field = String(issue.path[0] ?? 'ID');
    throw badCell(at(COLUMN_OF_FIELD[field] ?? 'lineId'), ...cellReasonOf(code, params, issue.message));
  }
  const input: SaveInput = parsed.data;
  const start = base ?? newLineOf(ctx.header, 0, copy!, input, ctx.who, ctx.at);
  // SaveMediaChannel's money rule beyond the schema is the monthly split's, which the file cannot
  // change: a line keeps its split only with the budget and dates it was checked with, else none.
  const line = applyInput(start, input, copy);
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

// ---------------------------------------------------------------------------------------------
// The import
// ---------------------------------------------------------------------------------------------

interface PlannedImport {
  base: VersionBase;
  lines: ImportedLine[];
  token: string;
}

/** Reads and checks everything the import needs; throws the refusal (nothing is written). */
async function planImport(
  caller: UserProfile,
  scopeAccountId: number,
  input: PreviewInput,
  store: PlanReads,
): Promise<PlannedImport> {
  const companyId = caller.companyId;
  const requested = await loadMixInScope(caller, scopeAccountId, input.mediaMixId, true, store);
  const bytes = Buffer.from(input.file, 'base64');
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw refused('BAD_FILE', 'over 2 MB');
  const wb = openWorkbook(bytes);
  const id = identityOf(wb);
  const otherPlan = () => refused('OTHER_PLAN', `exported from activity ${id.ActivityId}`);
  if (id.AccountId !== requested.AccountId || id.ActivityId !== requested.ActivityId) throw otherPlan();
  const fileMix = id.MediaMixId === requested.ID ? requested : await store.header(companyId, id.MediaMixId, true);
  if (!fileMix || fileMix.ActivityId !== requested.ActivityId || fileMix.Version !== id.VersionNumber)
    throw otherPlan();
  const plan = await store.plan(companyId, requested.ActivityId, true);
  if (plan && plan.LatestVersion !== id.VersionNumber) {
    throw refused('VERSION_MISMATCH', `version ${id.VersionNumber}, latest ${plan.LatestVersion}`, {
      fileVersion: id.VersionNumber,
      latestVersion: plan.LatestVersion,
    });
  }
  if (plan?.OpenMixId) throw await explainOpen(store, companyId, requested.ActivityId);
  const base = await versionBase(caller, scopeAccountId, fileMix.ID, store);
  const header = base.source.header;

  const sheet = wb.sheets.find((s) => !s.hidden && s.name.toLowerCase() !== PLAN_IDENTITY_SHEET.toLowerCase());
  if (!sheet) throw refused('BAD_FILE', 'no sheet of lines');
  const cells = readSheet(wb, sheet.name)!;
  const { row: headerRow, columns } = lineHeader(cells, sheet.name);
  // The plan's accounts Active and its activity on the page (409 / 403 as every plan write), and the account's channel types.
  const [{ activity }, copies] = await Promise.all([
    readPlanAccounts(companyId, header.ActivityId, store),
    store.channelTypeCopies(companyId, header.AccountId, true),
  ]);
  const ctx: ImportContext = {
    sheet: sheet.name,
    baseLines: new Map(base.source.lines.map((l) => [l.ID, l])),
    copies,
    header,
    activity,
    scopeAccountId,
    who: caller.email,
    at: new Date().toISOString(),
  };
  const inputColumns = new Set([...Object.values(INPUT_COLUMNS), 'lineId'].map((c) => columns.get(c as LineColumn)!));
  const lines: ImportedLine[] = [];
  const seen = new Map<number, number>();
  for (let r = headerRow + 1; ; r += 1) {
    const row = cells.get(r);
    // The table ends at the first row without an input value, or at the totals block.
    if (!row || ![...row.keys()].some((c) => inputColumns.has(c))) break;
    const first = row.get(columns.get('channel')!);
    if (typeof first === 'string' && TOTALS_LABELS.has(first.trim().toLowerCase())) break;
    if (lines.length >= MAX_LINES_PER_PLAN) {
      throw refused('TOO_MANY_ROWS', `over ${MAX_LINES_PER_PLAN} lines`, {
        sheet: sheet.name,
        max: MAX_LINES_PER_PLAN,
      });
    }
    lines.push(rowToLine(ctx, r, row, columns, seen));
  }
  const token = createHash('sha256')
    .update(bytes)
    .update(`\n${header.ID}:${header.version}:${plan?.LatestVersion ?? ''}`)
    .digest('hex');
  return { base, lines, token };
}

/** The value a diff shows for a field of a line. */
function shown(l: MediaChannel, field: InputField | 'MonthlySplit'): string | number | null {
  if (field === 'AccountChannelTypeId') return l.ChannelTypeName;
  if (field === 'MonthlySplit') return l.MonthlySplit ? JSON.stringify(l.MonthlySplit) : null;
  return l[field];
}

function changesOf(before: MediaChannel, after: MediaChannel): PlanImportChange[] {
  const fields: (InputField | 'MonthlySplit')[] = [...INPUT_FIELDS, 'MonthlySplit'];
  return fields.flatMap((field) => {
    const same =
      field === 'AccountChannelTypeId'
        ? before.AccountChannelTypeId === after.AccountChannelTypeId
        : shown(before, field) === shown(after, field);
    return same ? [] : [{ Field: field, Before: shown(before, field), After: shown(after, field) }];
  });
}

/** PreviewMediaMixImport: what the import of `file` would change; writes nothing. */
export async function previewMediaMixImportFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: PreviewInput,
  store: PlanReads = planReads,
): Promise<PlanImportPreview> {
  const { base, lines, token } = await planImport(caller, scopeAccountId, input, store);
  const header = base.source.header;
  const kept = new Set(lines.flatMap((l) => (l.base ? [l.base.ID] : [])));
  const changed = lines.flatMap((l) => {
    const changes = l.base ? changesOf(l.base, l.line) : [];
    return l.base && changes.length ? [{ LineId: l.base.ID, Name: l.line.Name, Changes: changes }] : [];
  });
  return {
    MediaMixId: header.ID,
    BaseVersionNumber: header.Version,
    NewVersionNumber: base.plan.LatestVersion + 1,
    Added: lines.filter((l) => !l.base).map((l) => ({ Row: l.row, Name: l.line.Name, Budget: l.line.Budget })),
    Changed: changed,
    Removed: base.source.lines.filter((l) => !kept.has(l.ID)).map((l) => ({ LineId: l.ID, Name: l.Name })),
    Unchanged: lines.filter((l) => l.base).length - changed.length,
    Token: token,
  };
}

/** ImportMediaMix: the previewed file as a new Draft version, in one write (all or nothing). */
export async function importMediaMixFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: ImportInput,
  store: VersionCopyStore = versionCopyStore,
): Promise<PlanImportResult> {
  const { base, lines, token } = await planImport(caller, scopeAccountId, input, store);
  if (token !== input.token)
    throw refused('TOKEN_MISMATCH', 'not the file previewed, or the plan changed; preview it again');
  const view = await openNewVersion(
    caller,
    scopeAccountId,
    base,
    {
      count: lines.length,
      datesChanged: true,
      audit: { ImportedFrom: 'xlsx' },
      build: (mixId, lineIds, at) =>
        lines.map(({ base: was, line }, i) => {
          const { ApplyId: _a, ...rest } = line;
          return {
            ...rest,
            ID: lineIds[i],
            MediaMixId: mixId,
            SourceLineId: was?.ID ?? null,
            Archived: false,
            version: 1,
            createdAt: at,
            createdBy: caller.email,
            updatedAt: at,
            updatedBy: caller.email,
          };
        }),
    },
    store,
  );
  return { MediaMixId: view.ID, VersionNumber: view.Version, ActivityId: view.ActivityId };
}
