import type { ColumnScope, CustomColumn, FormulaCheck } from '@server/modules/custom-columns/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { ColumnScope, CustomColumn, FormulaCheck };
export type CustomColumnPayload = RequestOf<'CustomColumnsService', 'SaveCustomColumn'>['customColumn'];

/** lambdas/modules/custom-columns/schemas.ts, repeated (the console does not load the schemas at run time; a test keeps them equal). */
export const COLUMN_SCOPES = ['mediaPlan', 'performance'] as const satisfies readonly ColumnScope[];
export const COLUMN_FORMATS = ['number', 'currency', 'percent'] as const satisfies readonly CustomColumn['Format'][];

/** Company settings: no account in the path, so no x-account-id. `archived`: the deleted ones. */
export function fetchColumns(archived = false, signal?: AbortSignal) {
  return callApi('CustomColumnsService', 'GetCustomColumnsList', { archived }, { signal });
}

export function saveColumn(customColumn: CustomColumnPayload) {
  return callApi('CustomColumnsService', 'SaveCustomColumn', { customColumn });
}

export function deleteColumn(customColumnId: number) {
  return callApi('CustomColumnsService', 'DeleteCustomColumn', { customColumnId });
}

export function restoreColumn(customColumnId: number) {
  return callApi('CustomColumnsService', 'RestoreCustomColumn', { customColumnId });
}

export function checkFormula(formula: string, scope: ColumnScope, signal?: AbortSignal) {
  return callApi('CustomColumnsService', 'CheckFormula', { formula, scope }, { signal });
}
