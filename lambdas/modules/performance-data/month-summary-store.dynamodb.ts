import { QueryCommand, type QueryCommandOutput } from '../../aws/dynamodb/commands';
import type { ConnectorType } from '../../shared/connector-platforms';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { markDashboardStale } from '../../aws/dynamodb/dashboard-stamp';
import { writeStatsAndRollups, type WriteRequest } from './batch-write-store.dynamodb';
import type { LineMonth } from './daily-stat-store';
import type { MonthSummaryItem, MonthSummaryRow } from './month-summary-store';
import { MEASURES, statKeys, zeroMeasures, type Measures } from './stat-keys';

/**
 * The company month summary of actuals (docs/dashboard.md "Month summaries"): ONE partition per
 * company and month (`C#<company>#DSM#<YYYY-MM>`), one item per plan line × currency × source
 * account (`<lineId>#<currency>#<type>#<externalAccountId>`) holding the line's LineId, ActivityId and
 * AccountId, the MEASURES summed over the month, `DaySpend` (day of month "01".."31" → SpendMicros) and
 * `DayValue` (day → ConversionValueMicros: a report converts money of another currency at each day's
 * rate, docs/reports.md). DaySpend has a key for every day the line has a rollup row of that currency.
 * So a reader of a whole company's month (the manager dashboard) makes one paged Query instead of
 * one rollup Query per activity and per line.
 *
 * Written ABSOLUTE, like the day rollups it sums, by the same writers (the sync, the CSV import, a
 * remap, and the bench's seed): once their rollup writes have landed, each (line, month) whose day
 * rollups they changed (RollupBook.takeTouched) is summed again from the line's partition for the
 * month — one consistent Query, keeping the items of the writer's source account — and Put per
 * currency, or Deleted when that currency has no item left. One source account is written by one
 * writer at a time (as its rollups), so two writers never race on an item. Stats on no line
 * (unmapped campaigns) have no summary: every mapped stat has a line (sync-ports LineTarget).
 */

/** `fn` over `items`, `width` at a time (the repositories' own bounded fan-out). */
async function eachBounded<T>(items: readonly T[], fn: (item: T) => Promise<void>, width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** The summary writes of one (line, month) of one source account, from its day rollups as stored now. */
async function summaryWrites(companyId: number, source: string, lm: LineMonth, at: string): Promise<WriteRequest[]> {
  const byCurrency = new Map<
    string,
    { m: Measures; rows: number; days: Record<string, number>; values: Record<string, number> }
  >();
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: {
          ':pk': statKeys.line(companyId, lm.lineId),
          ':a': `${lm.month}-01#`,
          ':b': `${lm.month}-31#\uffff`,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      // <day>#<currency>#<type>#<externalAccountId>: the items of this writer's source only.
      const sk = String(item.sk);
      const rest = sk.slice(11);
      const cut = rest.indexOf('#');
      if (rest.slice(cut + 1) !== source) continue;
      const currency = rest.slice(0, cut);
      let e = byCurrency.get(currency);
      if (!e) byCurrency.set(currency, (e = { m: zeroMeasures(), rows: 0, days: {}, values: {} }));
      for (const k of MEASURES) e.m[k] += Number(item[k] ?? 0);
      e.rows += Number(item.Rows ?? 0);
      const day = sk.slice(8, 10);
      e.days[day] = (e.days[day] ?? 0) + Number(item.SpendMicros ?? 0);
      e.values[day] = (e.values[day] ?? 0) + Number(item.ConversionValueMicros ?? 0);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const pk = statKeys.monthSummary(companyId, lm.month);
  const out: WriteRequest[] = [];
  for (const [currency, e] of byCurrency) {
    out.push({
      PutRequest: {
        Item: {
          pk,
          sk: `${lm.lineId}#${currency}#${source}`,
          LineId: lm.lineId,
          ...(lm.activityId !== undefined ? { ActivityId: lm.activityId } : {}),
          ...(lm.accountId !== undefined ? { AccountId: lm.accountId } : {}),
          Currency: currency,
          ...e.m,
          Rows: e.rows,
          Days: encodeDays(e.days, e.values),
          updatedAt: at,
        },
      },
    });
  }
  for (const currency of lm.currencies)
    if (!byCurrency.has(currency))
      out.push({ DeleteRequest: { Key: { pk, sk: `${lm.lineId}#${currency}#${source}` } } });
  return out;
}

/**
 * Rewrites the month summaries of the (line, month) pairs a writer of ONE source account changed
 * (RollupBook.takeTouched), AFTER their rollups are stored: one Query of the line's partition per
 * pair (8 at a time), then the Puts and Deletes in one BatchWriteItem pool. Returns the items written.
 */
export async function refreshMonthSummaries(
  companyId: number,
  type: ConnectorType,
  externalAccountId: string,
  touched: readonly LineMonth[],
  concurrency = 8,
): Promise<number> {
  if (!touched.length) return 0;
  const source = `${type}#${externalAccountId}`;
  const at = new Date().toISOString();
  const writes: WriteRequest[] = [];
  await eachBounded(
    touched,
    async (lm) => {
      writes.push(...(await summaryWrites(companyId, source, lm, at)));
    },
    concurrency,
  );
  await writeStatsAndRollups([], writes, concurrency);
  // The dashboard's tiles are sums of these summaries: recomputed on their next read.
  await markDashboardStale(companyId);
  return writes.length;
}

/**
 * The days of a summary item as ONE string, `DD:spend:value` per day joined by commas (spend and
 * conversion value in micros), not two maps of 31 entries: a reader of a whole company-month reads
 * thousands of items, and maps cost DynamoDB (and the SDK's unmarshalling) far more to read than a
 * string of the same bytes — measured on DynamoDB Local, 6,600 items: maps 4.9 s, the string 2.4 s
 * (docs/dashboard.md "Month summaries"). Readers get the two records back (`daysOf`).
 */
function encodeDays(spend: Record<string, number>, value: Record<string, number>): string {
  return Object.keys(spend)
    .sort()
    .map((dd) => `${dd}:${spend[dd]}:${value[dd] ?? 0}`)
    .join(',');
}

/** The `DaySpend` / `DayValue` records of an item: from its `Days` string, or the maps of items written before it. */
export function daysOf(item: Record<string, unknown>): {
  DaySpend: Record<string, number>;
  DayValue?: Record<string, number>;
} {
  if (typeof item.Days !== 'string') {
    return {
      DaySpend: (item.DaySpend ?? {}) as Record<string, number>,
      ...(item.DayValue ? { DayValue: item.DayValue as Record<string, number> } : {}),
    };
  }
  const DaySpend: Record<string, number> = {};
  const DayValue: Record<string, number> = {};
  // `DD:spend:value,…` read in one pass (no split arrays: a month report decodes ~100,000 days).
  const text = item.Days;
  let at = 0;
  while (at < text.length) {
    const dd = text.slice(at, at + 2);
    const c1 = text.indexOf(':', at + 3);
    let end = text.indexOf(',', c1 + 1);
    if (end < 0) end = text.length;
    DaySpend[dd] = Number(text.slice(at + 3, c1));
    DayValue[dd] = Number(text.slice(c1 + 1, end));
    at = end + 1;
  }
  return { DaySpend, DayValue };
}

/** Every summary item of a company's month (YYYY-MM), spend only (one partition read, projected). */
export const readMonthSummary = (companyId: number, month: string) =>
  readSummaryPartition<MonthSummaryRow>(
    companyId,
    month,
    'LineId, ActivityId, AccountId, Currency, SpendMicros, Days, DaySpend',
  );

/**
 * Every summary item of a company's month (YYYY-MM) with all its measures (one partition read,
 * projected); its days decoded only where `daysOf(currency)` says so — the month report needs the
 * days of money in another currency only (each day converts at its rate), and decoding ~30 days of
 * ~6,000 items is most of its CPU. Items left undecoded have empty DaySpend and no DayValue.
 */
export const readMonthSummaryItems = (
  companyId: number,
  month: string,
  daysFor: (currency: string) => boolean = () => true,
) =>
  readSummaryPartition<MonthSummaryItem>(
    companyId,
    month,
    `LineId, ActivityId, AccountId, Currency, Days, DaySpend, DayValue, ${MEASURES.join(', ')}`,
    daysFor,
  );

/**
 * The sort-key ranges a partition is read in, side by side: an item's key starts with its line id
 * (digits, never a leading 0), so 18 ranges — each first digit, split at a second digit of 5 —
 * cover every key (`1#…` sorts before `10…`: '#' < '0'). A company-month holds thousands of items
 * (~6,600 at 500 accounts); read one page after another they took ~1.1 s on DynamoDB Local, in 18
 * ranges 8 at a time they overlap (measured ~3× faster).
 */
export const SUMMARY_SEGMENTS: readonly (readonly [string, string])[] = Array.from({ length: 9 }, (_, i) =>
  String(i + 1),
).flatMap(
  (d) =>
    [
      [d, `${d}4\uffff`],
      [`${d}5`, `${d}\uffff`],
    ] as const,
);
const SEGMENTS_IN_FLIGHT = 8;

/** One company-month partition, every item, with the attributes a reader needs (`Days` decoded). */
async function readSummaryPartition<T>(
  companyId: number,
  month: string,
  projection: string,
  daysFor: (currency: string) => boolean = () => true,
): Promise<T[]> {
  const pk = statKeys.monthSummary(companyId, month);
  const out: T[] = [];
  await eachBounded(
    SUMMARY_SEGMENTS,
    async ([from, to]) => {
      let start: Record<string, unknown> | undefined;
      do {
        const page: QueryCommandOutput = await ddb().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
            ExpressionAttributeValues: { ':pk': pk, ':a': from, ':b': to },
            ProjectionExpression: projection,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) {
          const { Days: _days, DaySpend: _spend, DayValue: _value, ...rest } = item;
          out.push({ ...rest, ...(daysFor(String(item.Currency)) ? daysOf(item) : { DaySpend: {} }) } as T);
        }
        start = page.LastEvaluatedKey;
      } while (start);
    },
    SEGMENTS_IN_FLIGHT,
  );
  return out;
}
