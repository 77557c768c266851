import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { useApiMutation, type RouteReads } from '../../../lib/api-mutation';
import {
  checkFormula,
  deleteColumn,
  fetchColumns,
  restoreColumn,
  saveColumn,
  type ColumnScope,
} from './custom-columns-api';

/**
 * The custom-columns screen's reads as TanStack Query options (lib/api-query.ts). CheckFormula
 * writes nothing: it is a read of the parser's verdict on a formula and scope, asked on save, so the
 * same formula checked again a moment later is answered from the cache.
 */
export const columnQueries = {
  list: (archived: boolean) =>
    apiQuery(queryKeyOf('CustomColumnsService', 'GetCustomColumnsList', { archived }), (signal) =>
      fetchColumns(archived, signal),
    ),
  check: (formula: string, scope: ColumnScope) =>
    apiQuery(queryKeyOf('CustomColumnsService', 'CheckFormula', { formula, scope }), (signal) =>
      checkFormula(formula, scope, signal),
    ),
};

/** What a column write changes: every list of columns, the plan editor's (one account, one scope) too. */
const COLUMN_READS: readonly RouteReads[] = [['CustomColumnsService', 'GetCustomColumnsList']];

/** The custom-columns screen's writes, each invalidating the lists once it succeeds. */
export function useColumnWrites() {
  return {
    save: useApiMutation(saveColumn, COLUMN_READS),
    archive: useApiMutation(deleteColumn, COLUMN_READS),
    restore: useApiMutation(restoreColumn, COLUMN_READS),
  };
}
