import { GetCommand, QueryCommand, type QueryCommandInput } from '../../aws/dynamodb/commands';
import type { ExchangeRate, ImportChunk, RateListFilter, RateReplacement } from './store';
import { auditPut, type AuditAction } from '../audit';
import { tableName, ddb } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import { markDashboardStale } from '../../aws/dynamodb/dashboard-stamp';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import { MAX_TRANSACT_ITEMS, transactWrite, type NamedWrite, type TransactItem } from '../../aws/dynamodb/transaction';

const ENTITY = 'ExchangeRate';

/**
 * Key spelling of exchange rates (docs/table-design.md):
 * - live: `C#<cid>#FX#<FROM>#<TO>` / `<date>` — the lookup "latest on or before D" is one Query,
 *   `sk <= D`, newest first, Limit 1;
 * - deleted: `C#<cid>#FXARCHIVE#<FROM>#<TO>` / `<date>` — moved out of the live partition, so the
 *   lookup's Limit 1 can never land on a deleted rate;
 * - gsi1 (live only): `C#<cid>#FX` / `<date>#<FROM>#<TO>` — the company's rates by date, any pair.
 */
export const rateKeys = {
  live: (companyId: number, from: string, to: string, date: string) => ({
    pk: `${companyPk(companyId)}#FX#${from}#${to}`,
    sk: date,
  }),
  archived: (companyId: number, from: string, to: string, date: string) => ({
    pk: `${companyPk(companyId)}#FXARCHIVE#${from}#${to}`,
    sk: date,
  }),
  byDatePk: (companyId: number) => `${companyPk(companyId)}#FX`,
  byDateSk: (date: string, from: string, to: string) => `${date}#${from}#${to}`,
};

function toItem(companyId: number, r: ExchangeRate) {
  if (r.Archived) return { ...rateKeys.archived(companyId, r.From, r.To, r.Date), entity: ENTITY, ...r };
  return {
    ...rateKeys.live(companyId, r.From, r.To, r.Date),
    gsi1pk: rateKeys.byDatePk(companyId),
    gsi1sk: rateKeys.byDateSk(r.Date, r.From, r.To),
    entity: ENTITY,
    ...r,
  };
}

function toRate(item: Record<string, unknown>): ExchangeRate {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, entity: _e, ...rest } = item;
  return rest as unknown as ExchangeRate;
}

export async function getRate(
  companyId: number,
  from: string,
  to: string,
  date: string,
  archived = false,
): Promise<ExchangeRate | undefined> {
  const key = archived ? rateKeys.archived(companyId, from, to, date) : rateKeys.live(companyId, from, to, date);
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item ? toRate(out.Item) : undefined;
}

/** The latest live rate of a pair on or before `date`: one Query, Limit 1. */
export async function latestRateOnOrBefore(
  companyId: number,
  from: string,
  to: string,
  date: string,
): Promise<ExchangeRate | undefined> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk <= :date',
      ExpressionAttributeValues: { ':pk': rateKeys.live(companyId, from, to, date).pk, ':date': date },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return out.Items?.[0] ? toRate(out.Items[0]) : undefined;
}

/**
 * The key range of a rates list (dates inclusive, an absent bound open): one pair's live partition
 * by date when both currencies are given, else the company's rates by date (gsi1). The list Query's
 * key condition, and what its page tokens are checked against.
 */
function rateListRange(companyId: number, f: RateListFilter): KeyRange {
  const bounds = (toSuffix: string) => ({
    ...(f.fromDate ? { from: f.fromDate } : {}),
    ...(f.toDate ? { to: `${f.toDate}${toSuffix}` } : {}),
  });
  if (f.from && f.to) {
    return {
      keyAttributes: ['pk', 'sk'],
      partition: { attr: 'pk', value: rateKeys.live(companyId, f.from, f.to, '').pk },
      sort: { attr: 'sk', ...bounds('') },
    };
  }
  return {
    index: 'gsi1',
    keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    partition: { attr: 'gsi1pk', value: rateKeys.byDatePk(companyId) },
    // `<date>#<FROM>#<TO>` ≤ `<toDate>#~` exactly when date ≤ toDate.
    sort: { attr: 'gsi1sk', ...bounds('#~') },
    bound: { pk: { prefix: `${companyPk(companyId)}#FX#` } },
  };
}

/**
 * One page of live rates, newest date first: one pair's partition when both currencies are given,
 * else the company's rates by date (gsi1) with the one currency given as a filter.
 */
export async function listRates(
  companyId: number,
  f: RateListFilter,
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<ExchangeRate>> {
  const range = rateListRange(companyId, f);
  const q: QueryCommandInput = { TableName: tableName(), ...keyCondition(range), ScanIndexForward: false };
  if (!(f.from && f.to)) {
    if (f.from) {
      q.FilterExpression = '#from = :from';
      q.ExpressionAttributeNames = { '#from': 'From' };
      q.ExpressionAttributeValues![':from'] = f.from;
    } else if (f.to) {
      q.FilterExpression = '#to = :to';
      q.ExpressionAttributeNames = { '#to': 'To' };
      q.ExpressionAttributeValues![':to'] = f.to;
    }
  }
  const page = await queryPage(q, limit, decodeKeyToken(nextToken, range), range.keyAttributes);
  return { items: page.items.map(toRate), nextToken: keyToken(page.lastKey) };
}

/** Every rate of a pair between two dates, live or deleted (an import reads what it will replace). */
export async function ratesOfPair(
  companyId: number,
  from: string,
  to: string,
  fromDate: string,
  toDate: string,
  archived: boolean,
): Promise<ExchangeRate[]> {
  const key = archived ? rateKeys.archived(companyId, from, to, '') : rateKeys.live(companyId, from, to, '');
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :d1 AND :d2',
    ExpressionAttributeValues: { ':pk': key.pk, ':d1': fromDate, ':d2': toDate },
    ConsistentRead: true,
  });
  return items.map(toRate);
}

/** The writes that put `after` live: replace the live rate read (or create it), and drop a deleted copy it revives. */
function liveRateWrites(
  companyId: number,
  live: ExchangeRate | undefined,
  archived: ExchangeRate | undefined,
  after: ExchangeRate,
): TransactItem[] {
  const writes: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: toItem(companyId, after),
        ...(live
          ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': live.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  if (archived) {
    writes.push({
      Delete: {
        TableName: tableName(),
        Key: rateKeys.archived(companyId, archived.From, archived.To, archived.Date),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': archived.version },
      },
    });
  }
  return writes;
}

export const rateAuditId = (r: Pick<ExchangeRate, 'From' | 'To' | 'Date'>) => `${r.From}-${r.To}-${r.Date}`;

/** A manual save: the live rate (and the deleted copy it revives) with its audit entry, all or nothing. */
export async function saveRate(
  companyId: number,
  live: ExchangeRate | undefined,
  archived: ExchangeRate | undefined,
  after: ExchangeRate,
  action: AuditAction,
): Promise<void> {
  const items: NamedWrite[] = liveRateWrites(companyId, live, archived, after).map((item) => ({ item }));
  items.push({
    item: auditPut({
      companyId,
      who: after.updatedBy,
      entity: ENTITY,
      id: rateAuditId(after),
      action,
      before: live ?? archived ?? null,
      after,
      at: after.updatedAt,
    }),
  });
  await transactWrite(items);
  // The dashboard's tiles convert at each day's rate: a new rate moves them.
  await markDashboardStale(companyId);
}

/** Delete = move the live rate to the deleted partition (out of the lookup), with its audit entry. */
export async function archiveRate(companyId: number, live: ExchangeRate, after: ExchangeRate): Promise<void> {
  await transactWrite([
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: rateKeys.live(companyId, live.From, live.To, live.Date),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': live.version },
        },
      },
    },
    { item: { Put: { TableName: tableName(), Item: toItem(companyId, after) } } },
    {
      item: auditPut({
        companyId,
        who: after.updatedBy,
        entity: ENTITY,
        id: rateAuditId(after),
        action: 'archive',
        before: live,
        after,
        at: after.updatedAt,
      }),
    },
  ]);
  await markDashboardStale(companyId);
}

/** Writes per import transaction: 100 items minus the chunk's audit entry. */
const CHUNK_ITEMS = MAX_TRANSACT_ITEMS - 1;

/**
 * Writes an import in order, in transactions of as many rows as fit (a row is one or two writes),
 * each with one audit entry: `describe` names a chunk's rows for its audit entry and its 409 (each
 * transaction replaces only the rates it read; a rate saved meanwhile stops the import there).
 */
export async function writeRateImport<R extends RateReplacement>(
  companyId: number,
  rows: readonly R[],
  describe: (chunk: R[]) => ImportChunk,
): Promise<void> {
  let chunk: { rows: R[]; writes: TransactItem[] } = { rows: [], writes: [] };
  const flush = async () => {
    if (!chunk.rows.length) return;
    const { audit, conflict } = describe(chunk.rows);
    const items: NamedWrite[] = chunk.writes.map((item) => ({ item, conflict }));
    items.push({
      item: auditPut({
        companyId,
        who: audit.who,
        entity: 'ExchangeRateImport',
        id: audit.lines,
        action: 'update',
        before: audit.before,
        after: audit.after,
        at: audit.at,
      }),
    });
    await transactWrite(items, { conflict });
    chunk = { rows: [], writes: [] };
  };
  try {
    for (const r of rows) {
      const writes = liveRateWrites(companyId, r.live, r.archived, r.after);
      if (chunk.writes.length + writes.length > CHUNK_ITEMS) await flush();
      chunk.writes.push(...writes);
      chunk.rows.push(r);
    }
    await flush();
  } finally {
    // Also when a chunk is refused: the chunks before it are stored.
    await markDashboardStale(companyId);
  }
}
