import type { ListPage } from '../../aws/dynamodb/page-token';

/** One audit entry as the history reads it. */
export interface StoredAuditEntry {
  entity: string;
  entityId: string;
  action: string;
  who: string;
  at: string;
  before: unknown;
  after: unknown;
}

/** What the item history needs of storage; store.dynamodb.ts implements it. */
export interface HistoryStore {
  /** One page of an item's audit entries, newest first. */
  listAuditEntries(
    companyId: number,
    entity: string,
    id: string,
    limit: number,
    nextToken: string | null | undefined,
  ): Promise<ListPage<StoredAuditEntry>>;
}
