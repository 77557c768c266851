import { QueryCommand, type QueryCommandOutput } from '../../aws/dynamodb/commands';
import type { ConnectorType, Day } from '../../shared/connector-platforms';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { batchWrite, type WriteRequest } from './batch-write-store.dynamodb';
import type { LineMonth, StoredStat } from './daily-stat-store';
import { MEASURES, statKeys, zeroMeasures, type Measures } from './stat-keys';

/**
 * The daily grain and its rollups (docs/performance-data.md). One stat item per
 * date × connectorType × externalAccountId × externalCampaignId, in the external account's
 * partition sorted by day, so a sync window is ONE Query and a re-import Puts the same keys
 * (replaces, never doubles). Money and conversions are stored as integers (micros, thousandths), so
 * the rollups stay exact however often a day is restated.
 *
 * Each stat item carries the rollup targets it was counted in (LineId, ActivityId, AccountId): when
 * a stat is replaced, RollupBook takes its old values out of THOSE sums and counts the new ones in
 * the campaign's current line, then Puts each changed rollup day with its absolute sums, so a
 * rollup is right even when a mapping changed between two syncs.
 */

export function statItem(
  companyId: number,
  type: ConnectorType,
  externalAccountId: string,
  s: StoredStat,
): Record<string, unknown> {
  return { pk: statKeys.pk(companyId, type, externalAccountId), sk: statKeys.sk(s.Date, s.CampaignId), ...s };
}

/**
 * What a window read asks for: the sort key and the StoredStat's attributes, without the partition key
 * and the Date and CampaignId that the sort key already holds (`<date>#<campaign>`): 3 of 17
 * attributes fewer to send and unmarshal for every stored stat of every sync.
 */
const STAT_PROJECTION = [
  'sk',
  'CampaignName',
  'CampaignStatus',
  'Currency',
  ...MEASURES,
  'Reach',
  'LineId',
  'ActivityId',
  'AccountId',
] as const;

const pick = (item: Record<string, unknown>): StoredStat => {
  const { sk, ...rest } = item;
  const key = String(sk);
  // A day is YYYY-MM-DD (10 characters); the campaign id is what follows its '#'.
  return { Date: key.slice(0, 10), CampaignId: key.slice(11), ...rest } as unknown as StoredStat;
};

/** The stored stats of one external account for [from, to], page by page (one Query, projected; pages of up to 1 MB). */
export async function* readStats(
  companyId: number,
  type: ConnectorType,
  externalAccountId: string,
  from: Day,
  to: Day,
  consistent = true,
): AsyncGenerator<StoredStat[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: {
          ':pk': statKeys.pk(companyId, type, externalAccountId),
          ':a': `${from}#`,
          ':b': `${to}#\uffff`,
        },
        ProjectionExpression: STAT_PROJECTION.map((_, i) => `#p${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(STAT_PROJECTION.map((name, i) => [`#p${i}`, name])),
        ConsistentRead: consistent,
        ExclusiveStartKey: start,
      }),
    );
    yield (out.Items ?? []).map(pick);
    start = out.LastEvaluatedKey;
  } while (start);
}

/** A rollup's key: which partition, which day (or month) and currency. */
export interface RollupKey {
  pk: string;
  sk: string;
}

/**
 * The rollups one sync (or one remap) of ONE external account keeps. Every rollup item is a day of
 * one source account — `<day>#<currency>#<type>#<account>` in the plan line's, activity's or
 * account's partition — written by that account's sync only, with ABSOLUTE values: the sums of the
 * account's stats of that day and target, which the sync holds in memory (seeded from the stored
 * window it reads anyway), then changed stat by stat. (Kept by day, not by month, so no sync has to
 * read outside its window; an account's month is ≤ 31 items a source, summed by readAccountRollup.) So rollups are Put with BatchWriteItem (25 a call, like the
 * stats), are exact whatever happened before, a day nothing changed on is not written, and a run
 * that died between a batch's stats and its rollups is healed by the next run (`markAllDirty`).
 * Readers sum the few source items of a day (readLineRollup…).
 */
export class RollupBook {
  private readonly sums = new Map<string, { key: RollupKey; m: Measures; n: number }>();
  private readonly dirty = new Set<string>();
  /** Every (line, month) the book's stats touch, with the line's activity and account (month-summaries.ts). */
  private readonly lineMonths = new Map<string, LineMonth>();
  /** The (line, month) keys whose day rollups changed since the last takeTouched. */
  private readonly touched = new Set<string>();
  private readonly source: string;

  constructor(
    private readonly companyId: number,
    type: ConnectorType,
    externalAccountId: string,
  ) {
    this.source = `${type}#${externalAccountId}`;
  }

  private keysOf(s: StoredStat): RollupKey[] {
    const sk = `${s.Date}#${s.Currency}#${this.source}`;
    const out: RollupKey[] = [];
    if (s.LineId !== undefined) out.push({ pk: statKeys.line(this.companyId, s.LineId), sk });
    if (s.ActivityId !== undefined) out.push({ pk: statKeys.activity(this.companyId, s.ActivityId), sk });
    if (s.AccountId !== undefined) out.push({ pk: statKeys.account(this.companyId, s.AccountId), sk });
    return out;
  }

  private apply(s: StoredStat, sign: 1 | -1, mark: boolean) {
    if (s.LineId !== undefined) {
      const id = `${s.LineId}#${s.Date.slice(0, 7)}`;
      const known = this.lineMonths.get(id);
      if (!known || mark)
        this.lineMonths.set(id, {
          lineId: s.LineId,
          activityId: s.ActivityId,
          accountId: s.AccountId,
          month: s.Date.slice(0, 7),
          currencies: new Set([...(known?.currencies ?? []), s.Currency]),
        });
      else known.currencies.add(s.Currency);
      if (mark) this.touched.add(id);
    }
    for (const key of this.keysOf(s)) {
      const id = `${key.pk}|${key.sk}`;
      let e = this.sums.get(id);
      if (!e) this.sums.set(id, (e = { key, m: zeroMeasures(), n: 0 }));
      for (const k of MEASURES) e.m[k] += sign * s[k];
      e.n += sign;
      if (mark) this.dirty.add(id);
    }
  }

  /** A stored stat (counted, not written). */
  seed(s: StoredStat): void {
    this.apply(s, 1, false);
  }

  /** A stat replaced (`before` undefined: new): its rollups are rewritten at the next flush. */
  change(before: StoredStat | undefined, after: StoredStat): void {
    if (before) this.apply(before, -1, true);
    this.apply(after, 1, true);
  }

  /** Every rollup the seeded stats make is rewritten at the next flush (after a run that did not finish). */
  markAllDirty(): void {
    for (const id of this.sums.keys()) this.dirty.add(id);
    for (const id of this.lineMonths.keys()) this.touched.add(id);
  }

  /**
   * The (line, month) pairs whose day rollups changed since the last call (with every currency the
   * book saw on them), then forgotten: after their rollup writes have landed, a writer passes them to
   * month-summaries.ts refreshMonthSummaries. Kept apart from takeWrites, so a writer takes them only
   * once it knows the rollups are stored.
   */
  takeTouched(): LineMonth[] {
    const out = [...this.touched].map((id) => this.lineMonths.get(id)!);
    this.touched.clear();
    return out;
  }

  /** The writes of the changed rollups (Put, or Delete when no stat is left in one), then forgotten. */
  takeWrites(): WriteRequest[] {
    const at = new Date().toISOString();
    const out: WriteRequest[] = [];
    for (const id of this.dirty) {
      const e = this.sums.get(id)!;
      out.push(
        e.n <= 0
          ? { DeleteRequest: { Key: e.key } }
          : { PutRequest: { Item: { ...e.key, ...e.m, Rows: e.n, updatedAt: at } } },
      );
    }
    this.dirty.clear();
    return out;
  }

  /** Writes the changed rollups; returns how many. */
  async flush(concurrency = 8): Promise<number> {
    const writes = this.takeWrites();
    await batchWrite(writes, concurrency);
    return writes.length;
  }
}
