import { createHash } from 'node:crypto';
import type { output } from 'zod/mini';
import type { PlanLine, MediaPlanStore, PlanReads } from './store';
import { planStore } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { importVersion, previewVersionImport } from './schemas/plan-import';
import type { LineInputColumn as LineColumn } from '../../shared/export-columns';
import { MAX_LINES_PER_PLAN } from '../../shared/money-limits';
import { MAX_IMPORT_FILE_BYTES, PLAN_IDENTITY_SHEET } from '../../shared/plan-workbook';
import type { PlanImportChange, PlanImportPreview, PlanImportResult } from './replies/plan-import';
import { loadVersionInScope } from './scope';
import { explainOpen, openNewVersion, versionBase, type VersionBase } from './versions';
import { readPlanAccounts } from './plan-accounts';
import {
  identityOf,
  INPUT_COLUMNS,
  INPUT_FIELDS,
  lineHeader,
  openWorkbook,
  readSheet,
  refused,
  TOTALS_LABELS,
  type InputField,
} from './import-workbook';
import { rowToLine, type ImportContext, type ImportedLine } from './import-rows';
import { defaultLineVendor } from './line-vendor';
import type { AccountChannelType } from '../channel-types';

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
 *   new version follows it as CreateMediaMixVersion does (versions.ts versionBase): the
 *   latest must be Approved or Rejected; when it is a Draft or Submitted one the import is refused
 *   with CreateMediaMixVersion's 409 (PLAN_DRAFT_OPEN / PLAN_SUBMITTED_OPEN: one open version at a
 *   time; change that Draft in the editor, or export it once approved or rejected).
 * - The lines sheet (the workbook's first visible sheet), headers in either language
 *   (shared/export-labels.ts): rows under the header row until an empty row or the totals block.
 *   Inputs: channel (an active channel type of the account, by name), line name, start, end, buy
 *   type, unit cost, budget, management fee %, system fee %, images, videos, and the line id.
 *   Computed columns (fee amounts, creative fees, subtotal, planned KPIs) are ignored.
 * - Each row is parsed with the API's own line schema (modules/media-plans/schemas/plans.ts lineInput)
 *   and the line rules of SaveMediaChannel (lines.ts: fees, monthly split, figure bounds,
 *   dates within the activity); a refusal is BAD_CELL naming the sheet, row and column letter with
 *   the schema's reason as `cellReason`.
 * - Matching: a row with a line id of the base version is that line (unchanged fields keep
 *   everything, Notes and the monthly split included; a new budget or new dates reset the split to
 *   days, listed as a MonthlySplit change); a row without one is a new line; a line id the base
 *   version does not have, or one repeated, is BAD_CELL; base lines without a row are removed.
 * Nothing is written on any refusal.
 */

type PreviewInput = output<typeof previewVersionImport>;
type ImportInput = output<typeof importVersion>;

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
  const requested = await loadVersionInScope(caller, scopeAccountId, input.mediaMixId, true, store);
  const bytes = Buffer.from(input.file, 'base64');
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw refused('BAD_FILE', 'over 2 MB');
  const wb = openWorkbook(bytes);
  const id = identityOf(wb);
  const otherPlan = () => refused('OTHER_PLAN', `exported from activity ${id.ActivityId}`);
  if (id.AccountId !== requested.AccountId || id.ActivityId !== requested.ActivityId) throw otherPlan();
  const fileVersion = id.MediaMixId === requested.ID ? requested : await store.header(companyId, id.MediaMixId, true);
  if (!fileVersion || fileVersion.ActivityId !== requested.ActivityId || fileVersion.Version !== id.VersionNumber)
    throw otherPlan();
  const plan = await store.plan(companyId, requested.ActivityId, true);
  if (plan && plan.LatestVersion !== id.VersionNumber) {
    throw refused('VERSION_MISMATCH', `version ${id.VersionNumber}, latest ${plan.LatestVersion}`, {
      fileVersion: id.VersionNumber,
      latestVersion: plan.LatestVersion,
    });
  }
  if (plan?.OpenMixId) throw await explainOpen(store, companyId, requested.ActivityId);
  const base = await versionBase(caller, scopeAccountId, fileVersion.ID, store);
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
  await withDefaultVendors(store, companyId, lines, copies);
  const token = createHash('sha256')
    .update(bytes)
    .update(`\n${header.ID}:${header.version}:${plan?.LatestVersion ?? ''}`)
    .digest('hex');
  return { base, lines, token };
}

/**
 * A new line of the file takes its channel type's default vendor, as a line added on the grid does
 * (line-vendor.ts): the file has no vendor column. Lines of the base version keep theirs.
 */
async function withDefaultVendors(
  store: PlanReads,
  companyId: number,
  lines: ImportedLine[],
  copies: readonly AccountChannelType[],
): Promise<void> {
  const byCopy = new Map<number, Promise<number | null>>();
  for (const l of lines) {
    if (l.base) continue;
    const copy = copies.find((c) => c.ID === l.line.AccountChannelTypeId);
    if (!copy) continue;
    if (!byCopy.has(copy.ID)) byCopy.set(copy.ID, defaultLineVendor(store, companyId, copy));
    l.line.VendorId = await byCopy.get(copy.ID)!;
  }
}

/** The value a diff shows for a field of a line. */
function shown(l: PlanLine, field: InputField | 'MonthlySplit'): string | number | null {
  if (field === 'AccountChannelTypeId') return l.ChannelTypeName;
  if (field === 'MonthlySplit') return l.MonthlySplit ? JSON.stringify(l.MonthlySplit) : null;
  return l[field];
}

function changesOf(before: PlanLine, after: PlanLine): PlanImportChange[] {
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
export async function previewVersionImportFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: PreviewInput,
  store: PlanReads = planStore,
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
export async function importVersionFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: ImportInput,
  store: MediaPlanStore = planStore,
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
      build: (versionId, lineIds, at) =>
        lines.map(({ base: was, line }, i) => {
          const { ApplyId: _a, ...rest } = line;
          return {
            ...rest,
            ID: lineIds[i],
            MediaMixId: versionId,
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
