import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../kit/errors';
import { nextId } from '../repositories/counters';
import { getCustomColumn, insertCustomColumn, listCustomColumns, replaceCustomColumn, type CustomColumn } from '../repositories/custom-columns';
import type { UserProfile } from '../repositories/profiles';
import type { ColumnScope } from '../schemas/custom-columns';
import { METRIC_NAMES, parseFormula } from '../shared/formula';
import { isClientOnly } from '../shared/permissions';

export type { CustomColumn };

/**
 * CustomColumnsService.GetCustomColumnsList: active columns by name, of one scope or both. A client
 * user sees the media plan columns only (the plans they sign off); performance columns are agency
 * reporting.
 */
export async function listColumnsFor(caller: UserProfile, scope?: ColumnScope): Promise<{ Items: CustomColumn[] }> {
  const visible: ColumnScope[] = isClientOnly(caller.permissions) ? ['mediaPlan'] : ['mediaPlan', 'performance'];
  const items = (await listCustomColumns(caller.companyId))
    .filter((c) => visible.includes(c.Scope) && (scope === undefined || c.Scope === scope))
    .sort((a, b) => a.Scope.localeCompare(b.Scope) || a.Name.localeCompare(b.Name) || a.ID - b.ID);
  return { Items: items };
}

export interface FormulaCheck {
  Valid: boolean;
  /** '' when valid; else what is wrong, ending in "at position N". */
  Message: string;
  /** 0-based index into the formula of the problem; null when valid. */
  Position: number | null;
  /** Metric names the formula uses (their known spelling); [] when invalid. */
  Names: string[];
}

/** CustomColumnsService.CheckFormula: the console's live check. A bad formula is an answer, not an error. */
export function checkFormula(formula: string, scope: ColumnScope): FormulaCheck {
  const r = parseFormula(formula, METRIC_NAMES[scope]);
  return r.ok
    ? { Valid: true, Message: '', Position: null, Names: r.names }
    : { Valid: false, Message: r.error.message, Position: r.error.position, Names: [] };
}

type ColumnInput = Pick<CustomColumn, 'ID' | 'Name' | 'Formula' | 'Format' | 'Scope'> & { version?: number };

/** CustomColumnsService.SaveCustomColumn: ID <= 0 creates, else updates the version the caller read. */
export async function saveColumnFor(caller: UserProfile, input: ColumnInput): Promise<CustomColumn> {
  const parsed = parseFormula(input.Formula, METRIC_NAMES[input.Scope]);
  if (!parsed.ok) throw new ValidationError(`customColumn.Formula: ${parsed.error.message}`);
  const now = new Date().toISOString();
  const fields = { Name: input.Name, Formula: input.Formula.trim(), Names: parsed.names, Format: input.Format, Scope: input.Scope };
  if (input.ID <= 0) {
    const created: CustomColumn = {
      ID: await nextId(caller.companyId, 'CustomColumn'), ...fields, Status: 'Active',
      version: 1, createdAt: now, createdBy: caller.email, updatedAt: now, updatedBy: caller.email,
    };
    await insertCustomColumn(caller.companyId, created);
    return created;
  }
  const before = await loadColumn(caller.companyId, input.ID);
  if (input.version === undefined) throw new ValidationError('customColumn.version: is required when updating (send the version you read)');
  if (before.version !== input.version) throw new ConflictError(STALE_VERSION_MESSAGE);
  if (before.Status !== 'Active') throw new ConflictError(`Custom column ${before.ID} is archived`);
  const after: CustomColumn = { ...before, ...fields, version: before.version + 1, updatedAt: now, updatedBy: caller.email };
  await replaceCustomColumn(caller.companyId, before, after, 'update', STALE_VERSION_MESSAGE);
  return after;
}

/** CustomColumnsService.DeleteCustomColumn: archives; its name is free again. */
export async function archiveColumn(caller: UserProfile, id: number): Promise<CustomColumn> {
  const before = await loadColumn(caller.companyId, id);
  if (before.Status === 'Archived') return before;
  const after: CustomColumn = { ...before, Status: 'Archived', version: before.version + 1, updatedAt: new Date().toISOString(), updatedBy: caller.email };
  await replaceCustomColumn(caller.companyId, before, after, 'archive', STALE_VERSION_MESSAGE);
  return after;
}

async function loadColumn(companyId: number, id: number): Promise<CustomColumn> {
  const c = await getCustomColumn(companyId, id, true);
  if (!c) throw new NotFoundError(`Custom column ${id} was not found`);
  return c;
}
