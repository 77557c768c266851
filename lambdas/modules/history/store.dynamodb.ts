import { tableName } from '../../aws/dynamodb/client';
import { keys } from '../../aws/dynamodb/keys';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import type { StoredAuditEntry } from './store';

/**
 * Reading the audit entries of one item: every change puts its entry under the
 * company's audit partition, `C#<cid>#AUDIT` / `<Entity>#<id>#<at>#<nonce>` (modules/audit/store.dynamodb.ts),
 * so an item's entries are one Query of the prefix `<Entity>#<id>#`, newest first by a descending
 * Query (`at` is an ISO time). The `#` after the id keeps item 1 apart from item 12.
 */
const historyRange = (companyId: number, entity: string, id: string): KeyRange => ({
  keyAttributes: ['pk', 'sk'],
  partition: { attr: 'pk', value: keys.auditPk(companyId) },
  sort: { attr: 'sk', prefix: `${entity}#${id}#` },
});

export async function listAuditEntries(
  companyId: number,
  entity: string,
  id: string,
  limit: number,
  nextToken: string | null | undefined,
): Promise<ListPage<StoredAuditEntry>> {
  const range = historyRange(companyId, entity, id);
  const page = await queryPage(
    { TableName: tableName(), ...keyCondition(range), ScanIndexForward: false },
    limit,
    decodeKeyToken(nextToken, range),
    range.keyAttributes,
  );
  return {
    items: page.items.map((i) => ({
      entity: String(i.entity),
      entityId: String(i.entityId),
      action: String(i.action),
      who: String(i.who ?? ''),
      at: String(i.at),
      before: i.before ?? null,
      after: i.after ?? null,
    })),
    nextToken: keyToken(page.lastKey),
  };
}
