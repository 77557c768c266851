import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import {
  getCustomColumn,
  insertCustomColumn,
  listCustomColumns,
  replaceCustomColumn,
  SCOPE_LABELS,
  type CustomColumn,
} from './store.dynamodb';
import type { UserProfile } from '../../core/caller';
import type { ColumnScope } from './schemas';
import { METRIC_NAMES, parseFormula } from '../../shared/formula';
import { isClientOnly } from '../../shared/permissions';
import type { FormulaCheck } from './replies';
import type { ListOf } from '../../shared/replies/reply';

export type { CustomColumn };

/**
 * CustomColumnsService.GetCustomColumnsList: active columns (archived: the archived ones, which
 * RestoreCustomColumn brings back) by name, of one scope or both. A client user sees the media plan
 * columns only (the plans they sign off); performance columns are agency reporting.
 */
export async function listColumnsFor(
  caller: UserProfile,
  scope?: ColumnScope,
  archived = false,
): Promise<ListOf<CustomColumn>> {
  const visible: ColumnScope[] = isClientOnly(caller.permissions) ? ['mediaPlan'] : ['mediaPlan', 'performance'];
  const items = (await listCustomColumns(caller.companyId, archived ? 'Archived' : 'Active'))
    .filter((c) => visible.includes(c.Scope) && (scope === undefined || c.Scope === scope))
    .sort((a, b) => a.Scope.localeCompare(b.Scope) || a.Name.localeCompare(b.Name) || a.ID - b.ID);
  return { Items: items };
}

/** CheckFormula's reply (modules/custom-columns/replies.ts). */
export type { FormulaCheck };

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
  if (!parsed.ok)
    throw new ValidationError(`customColumn.Formula: ${parsed.error.message}`, 'FORMULA_INVALID', {
      field: 'customColumn.Formula',
      detail: parsed.error.message,
      ...parsed.error.params,
      reason: parsed.error.reason,
    });
  const now = new Date().toISOString();
  const fields = {
    Name: input.Name,
    Formula: input.Formula.trim(),
    Names: parsed.names,
    Format: input.Format,
    Scope: input.Scope,
  };
  if (input.ID <= 0) {
    const created: CustomColumn = {
      ID: await nextId(caller.companyId, 'CustomColumn'),
      ...fields,
      Status: 'Active',
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    await insertCustomColumn(caller.companyId, created);
    return created;
  }
  const before = await loadColumn(caller.companyId, input.ID);
  if (input.version === undefined)
    throw new ValidationError(
      'customColumn.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'customColumn.version' },
    );
  if (before.version !== input.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  if (before.Status !== 'Active')
    throw new ConflictError(`Custom column ${before.ID} is archived`, 'ENTITY_ARCHIVED', {
      entity: 'CustomColumn',
      id: before.ID,
    });
  const after: CustomColumn = {
    ...before,
    ...fields,
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await replaceCustomColumn(
    caller.companyId,
    before,
    after,
    'update',
    new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'),
  );
  return after;
}

/** CustomColumnsService.DeleteCustomColumn: archives; its name is free again. */
export async function archiveColumn(caller: UserProfile, id: number): Promise<CustomColumn> {
  const before = await loadColumn(caller.companyId, id);
  if (before.Status === 'Archived') return before;
  const after: CustomColumn = {
    ...before,
    Status: 'Archived',
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceCustomColumn(
    caller.companyId,
    before,
    after,
    'archive',
    new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'),
  );
  return after;
}

/**
 * CustomColumnsService.RestoreCustomColumn: an archived column is active again (an active one is
 * answered unchanged). Its formula is parsed again against today's metric names of its scope, as
 * SaveCustomColumn does: one that no longer parses (a metric renamed or dropped since) is refused
 * with 409 naming the problem, since the stored column, not the request, is what is wrong (and an
 * archived column cannot be edited). It takes its name back: if an active column of the scope has
 * the name now, 409 (modules/custom-columns/store.dynamodb.ts).
 */
export async function restoreColumn(caller: UserProfile, id: number): Promise<CustomColumn> {
  const before = await loadColumn(caller.companyId, id);
  if (before.Status === 'Active') return before;
  const parsed = parseFormula(before.Formula, METRIC_NAMES[before.Scope]);
  if (!parsed.ok) {
    throw new ConflictError(
      `Custom column ${before.ID} cannot be restored: its formula no longer works with the ${SCOPE_LABELS[before.Scope]} metrics (${parsed.error.message}); make a new column instead`,
      'COLUMN_FORMULA_BROKEN',
      { id: before.ID, detail: parsed.error.message, ...parsed.error.params, reason: parsed.error.reason },
    );
  }
  const after: CustomColumn = {
    ...before,
    Names: parsed.names,
    Status: 'Active',
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceCustomColumn(
    caller.companyId,
    before,
    after,
    'restore',
    new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'),
  );
  return after;
}

async function loadColumn(companyId: number, id: number): Promise<CustomColumn> {
  const c = await getCustomColumn(companyId, id, true);
  if (!c) throw new NotFoundError(`Custom column ${id} was not found`, 'NOT_FOUND', { entity: 'CustomColumn', id });
  return c;
}
