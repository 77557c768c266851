import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, QueryCommand, UpdateCommand, type BatchWriteCommandOutput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { ConnectorType, DailyStat, Day } from '../connectors/platform';
import { ddb, tableName } from './client';
import { companyPk } from './keys';
import { chunks } from './write-helpers';

/**
 * The daily grain and its rollups (docs/performance-data.md). One stat item per
 * date × connectorType × externalAccountId × externalCampaignId, in the external account's
 * partition sorted by day, so a sync window is ONE Query and a re-import Puts the same keys
 * (replaces, never doubles). Money and conversions are stored as integers (micros, thousandths), so
 * the rollups, kept by ADDing the difference between a stat's old and new values, stay exact
 * however often a day is restated.
 *
 * Each stat item carries the rollup targets it was added to (LineId, ActivityId, AccountId): a
 * replace subtracts its old values from THOSE and adds the new ones to the campaign's current
 * line, so a rollup is right even when a mapping changed between two syncs.
 */

export const statKeys = {
  pk: (companyId: number, type: ConnectorType, externalAccountId: string) => `${companyPk(companyId)}#DS#${type}#${externalAccountId}`,
  sk: (date: Day, externalCampaignId: string) => `${date}#${externalCampaignId}`,
  line: (companyId: number, lineId: number) => `${companyPk(companyId)}#RLINE#${lineId}`,
  activity: (companyId: number, activityId: number) => `${companyPk(companyId)}#RACT#${activityId}`,
  account: (companyId: number, accountId: number) => `${companyPk(companyId)}#RACC#${accountId}`,
};

/** The additive measures of a stat and of a rollup, as stored (integers). Reach is per day only and never rolled up. */
export const MEASURES = ['Impressions', 'Clicks', 'SpendMicros', 'ConversionsMilli', 'ConversionValueMicros', 'VideoViews'] as const;
export type Measure = (typeof MEASURES)[number];
export type Measures = Record<Measure, number>;

/** Where a stored stat was rolled up (absent: its campaign was unmapped). */
export interface StoredTarget {
  LineId?: number;
  ActivityId?: number;
  AccountId?: number;
}

/** A stat as stored, compact: what the engine keeps of the window in memory to compute deltas. */
export interface StoredStat extends Measures, StoredTarget {
  Date: Day;
  CampaignId: string;
  CampaignName: string;
  CampaignStatus?: string;
  Currency: string;
  Reach?: number;
}

export const measuresOf = (s: DailyStat): Measures => ({
  Impressions: Math.round(s.impressions),
  Clicks: Math.round(s.clicks),
  SpendMicros: Math.round(s.spend * 1e6),
  ConversionsMilli: Math.round(s.conversions * 1e3),
  ConversionValueMicros: Math.round(s.conversionValue * 1e6),
  VideoViews: Math.round(s.videoViews),
});

export function storedStatOf(s: DailyStat, target: StoredTarget | undefined): StoredStat {
  return {
    Date: s.date, CampaignId: s.externalCampaignId, CampaignName: s.campaignName,
    ...(s.campaignStatus ? { CampaignStatus: s.campaignStatus } : {}),
    Currency: s.currency, ...measuresOf(s), ...(s.reach !== undefined ? { Reach: Math.round(s.reach) } : {}),
    ...(target ?? {}),
  };
}

/** True when a re-read stat would store exactly what is stored (the write is skipped). */
export function sameStat(a: StoredStat, b: StoredStat): boolean {
  return MEASURES.every((m) => a[m] === b[m]) && a.CampaignName === b.CampaignName && a.CampaignStatus === b.CampaignStatus
    && a.Currency === b.Currency && a.Reach === b.Reach && a.LineId === b.LineId && a.ActivityId === b.ActivityId && a.AccountId === b.AccountId;
}

export function statItem(companyId: number, type: ConnectorType, externalAccountId: string, s: StoredStat): Record<string, unknown> {
  return { pk: statKeys.pk(companyId, type, externalAccountId), sk: statKeys.sk(s.Date, s.CampaignId), ...s };
}

const pick = (item: Record<string, unknown>): StoredStat => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as StoredStat;
};

/** The stored stats of one external account for [from, to], page by page (one Query; pages of up to 1 MB). */
export async function* readStats(companyId: number, type: ConnectorType, externalAccountId: string, from: Day, to: Day, consistent = true): AsyncGenerator<StoredStat[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await ddb().send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': statKeys.pk(companyId, type, externalAccountId), ':a': `${from}#`, ':b': `${to}#\uffff` },
      ConsistentRead: consistent,
      ExclusiveStartKey: start,
    }));
    yield (out.Items ?? []).map(pick);
    start = out.LastEvaluatedKey;
  } while (start);
}

/** One campaign's stored history in its account (a remap): the account's partition read with a filter. */
export async function readCampaignStats(companyId: number, type: ConnectorType, externalAccountId: string, externalCampaignId: string): Promise<StoredStat[]> {
  const out: StoredStat[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await ddb().send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'CampaignId = :c',
      ExpressionAttributeValues: { ':pk': statKeys.pk(companyId, type, externalAccountId), ':c': externalCampaignId },
      ConsistentRead: true,
      ExclusiveStartKey: start,
    }));
    out.push(...(page.Items ?? []).map(pick));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Tests and the bench: how many BatchWriteItem calls were sent, and how many came back with unprocessed items. */
export const batchWriteCounters = { calls: 0, retried: 0 };

type WriteRequest = NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string][number];

/**
 * Puts items with BatchWriteItem, 25 a call, `concurrency` calls in flight; unprocessed items are
 * sent again with exponential backoff and jitter, at most 8 times (then it throws: nothing is lost
 * silently, and a re-sync writes them again).
 */
export async function batchPut(items: Record<string, unknown>[], concurrency = 8): Promise<void> {
  const pieces = chunks(items.map((Item): WriteRequest => ({ PutRequest: { Item } })), 25);
  let next = 0;
  const worker = async () => {
    while (next < pieces.length) {
      let pending = pieces[next++];
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt >= 8) throw new Error('BatchWriteItem left unprocessed items after 8 attempts');
        if (attempt) {
          batchWriteCounters.retried++;
          await sleep(Math.random() * 25 * 2 ** attempt);
        }
        batchWriteCounters.calls++;
        const out: BatchWriteCommandOutput = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = out.UnprocessedItems?.[tableName()] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pieces.length) }, worker));
}

/** A rollup's key: which partition, which day (or month) and currency. */
export interface RollupKey { pk: string; sk: string }

/** Rollup deltas gathered in memory until a flush: one UpdateItem ADD per touched rollup item. */
export class RollupDeltas {
  private readonly deltas = new Map<string, { key: RollupKey; d: Measures }>();

  get size(): number {
    return this.deltas.size;
  }

  /** Adds `sign` × the measures of `s` to every rollup its target names (none when unmapped). */
  add(companyId: number, s: StoredStat, sign: 1 | -1): void {
    const period = s.Date;
    if (s.LineId !== undefined) this.bump({ pk: statKeys.line(companyId, s.LineId), sk: `${period}#${s.Currency}` }, s, sign);
    if (s.ActivityId !== undefined) this.bump({ pk: statKeys.activity(companyId, s.ActivityId), sk: `${period}#${s.Currency}` }, s, sign);
    if (s.AccountId !== undefined) this.bump({ pk: statKeys.account(companyId, s.AccountId), sk: `${period.slice(0, 7)}#${s.Currency}` }, s, sign);
  }

  private bump(key: RollupKey, s: Measures, sign: 1 | -1) {
    const id = `${key.pk}|${key.sk}`;
    let entry = this.deltas.get(id);
    if (!entry) {
      entry = { key, d: { Impressions: 0, Clicks: 0, SpendMicros: 0, ConversionsMilli: 0, ConversionValueMicros: 0, VideoViews: 0 } };
      this.deltas.set(id, entry);
    }
    for (const m of MEASURES) entry.d[m] += sign * s[m];
  }

  /** Writes every non-zero delta (ADD, so concurrent syncs of other accounts add up), `concurrency` in flight; then forgets them. */
  async flush(concurrency = 8): Promise<number> {
    const work = [...this.deltas.values()].filter((e) => MEASURES.some((m) => e.d[m] !== 0));
    this.deltas.clear();
    let next = 0;
    const at = new Date().toISOString();
    const worker = async () => {
      while (next < work.length) {
        const { key, d } = work[next++];
        await ddb().send(new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: `ADD ${MEASURES.map((m) => `${m} :${m}`).join(', ')} SET updatedAt = :at`,
          ExpressionAttributeValues: { ...Object.fromEntries(MEASURES.map((m) => [`:${m}`, d[m]])), ':at': at },
        }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
    return work.length;
  }
}

export interface RollupRow extends Measures {
  /** A day (line, activity) or a month (account). */
  Period: string;
  Currency: string;
}

async function readRollup(pk: string, from: string, to: string): Promise<RollupRow[]> {
  const out: RollupRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await ddb().send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': pk, ':a': `${from}#`, ':b': `${to}#\uffff` },
      ExclusiveStartKey: start,
    }));
    for (const item of page.Items ?? []) {
      const [period, currency] = String(item.sk).split('#');
      out.push({ Period: period, Currency: currency, ...Object.fromEntries(MEASURES.map((m) => [m, Number(item[m] ?? 0)])) as Measures });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** A plan line's actuals by day and currency, for [from, to]. */
export const readLineRollup = (companyId: number, lineId: number, from: Day, to: Day) => readRollup(statKeys.line(companyId, lineId), from, to);
/** An activity's actuals by day and currency. */
export const readActivityRollup = (companyId: number, activityId: number, from: Day, to: Day) => readRollup(statKeys.activity(companyId, activityId), from, to);
/** An account's actuals by month (YYYY-MM) and currency. */
export const readAccountRollup = (companyId: number, accountId: number, fromMonth: string, toMonth: string) => readRollup(statKeys.account(companyId, accountId), fromMonth, toMonth);
