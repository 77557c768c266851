import type { ConflictError } from '../../core/errors';
import type { CustomColumn } from './replies';

/**
 * What the custom columns need of storage. store.dynamodb.ts implements it; the
 * rules call the store's functions, never DynamoDB.
 */
export interface CustomColumnStore {
  getCustomColumn(companyId: number, id: number, consistent?: boolean): Promise<CustomColumn | undefined>;
  /** The company's columns in one status. */
  listCustomColumns(companyId: number, status?: CustomColumn['Status']): Promise<CustomColumn[]>;
  /** A new column and its name guard, with its audit entry; a taken name is a ConflictError. */
  insertCustomColumn(companyId: number, column: CustomColumn): Promise<void>;
  /** A changed column from the version read (`stale` when another save came first), with its audit entry. */
  replaceCustomColumn(
    companyId: number,
    before: CustomColumn,
    after: CustomColumn,
    action: 'update' | 'archive' | 'restore',
    stale: ConflictError,
  ): Promise<void>;
}
