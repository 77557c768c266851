import { QueryCommand, ScanCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, keys, prefixValues, SK_PREFIX } from '../../aws/dynamodb/keys';
import { batchWrite } from '../performance-data';

/**
 * Every item of one company, found by reading the whole table: a paged Scan filtered on the
 * partition key (`C#<cid>` and `C#<cid>#…`), plus — for a deletion — the pointer items outside the
 * company's partitions that name it (`companyId`: the identity pointers `SUB#<sub>`, the invitations
 * in flight `EMAIL#<address>`). The company data jobs use it only while the table's partition
 * registry is not complete (company-partitions.dynamodb.ts): a table from before the registry, until
 * `npm run admin -- record-partitions` has run on it.
 */
export interface ScanProgress {
  /** Items of the table read so far (the company's and everyone else's). */
  scanned: number;
  /** Items of the company found so far. */
  found: number;
}

export type CompanyItem = Record<string, unknown> & { pk: string; sk: string };

/** Segments of the parallel Scan: each reads its share of the table, page by page, at the same time. */
export const SCAN_SEGMENTS = 4;

/**
 * Reads the table page by page, handing the company's items of each page to `visit`, one page at a
 * time in the order they arrive. The table is read as `segments` parallel Scans (DynamoDB's
 * Segment/TotalSegments): the read, not the visit, is what takes the time of a large table.
 * `pointers`: also the items outside its partitions that name it (what a deletion removes).
 */
export async function scanCompanyItems(
  companyId: number,
  visit: (items: CompanyItem[], progress: ScanProgress) => Promise<void> | void,
  o: { pointers?: boolean; keysOnly?: boolean; segments?: number } = {},
): Promise<ScanProgress> {
  const progress: ScanProgress = { scanned: 0, found: 0 };
  const own = '(pk = :pk OR begins_with(pk, :below))';
  const filter = o.pointers ? `${own} OR (companyId = :cid AND NOT begins_with(pk, :anyCompany))` : own;
  const segments = o.segments ?? SCAN_SEGMENTS;
  // The visits run one after another: a visit may append to files, count, or delete what it got.
  let visits: Promise<void> = Promise.resolve();
  const readSegment = async (segment: number) => {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await ddb().send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: filter,
          ExpressionAttributeValues: {
            ':pk': companyPk(companyId),
            ':below': `${companyPk(companyId)}#`,
            ...(o.pointers ? { ':cid': companyId, ':anyCompany': 'C#' } : {}),
          },
          ...(o.keysOnly ? { ProjectionExpression: 'pk, sk' } : {}),
          ...(segments > 1 ? { Segment: segment, TotalSegments: segments } : {}),
          ExclusiveStartKey,
        }),
      );
      const items = (out.Items ?? []) as CompanyItem[];
      visits = visits.then(async () => {
        progress.scanned += out.ScannedCount ?? 0;
        progress.found += items.length;
        await visit(items, progress);
      });
      // Wait for this page's visit before reading on: at most one page per segment is held.
      await visits;
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  };
  await Promise.all(Array.from({ length: segments }, (_, i) => readSegment(i)));
  return progress;
}

/** Deletes items by key, 25 a BatchWriteItem (unprocessed ones sent again). */
export async function deleteItems(items: readonly { pk: string; sk: string }[]): Promise<void> {
  await batchWrite(
    items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
    4,
  );
}

/** The subs of every profile of the company (its user-pool users are named by them). */
export async function companyUserSubs(companyId: number): Promise<string[]> {
  const subs: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: SK_PREFIX,
        ExpressionAttributeValues: { ':pk': keys.company(companyId).pk, ...prefixValues('USER#') },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    for (const i of out.Items ?? []) subs.push(String(i.sk).slice('USER#'.length));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return subs;
}
