import { QueryCommand, type QueryCommandOutput } from '../lambdas/aws/dynamodb/commands';
import { inParallel } from '../lambdas/core/in-parallel';
import { ddb, tableName } from '../lambdas/aws/dynamodb/client';
import { MEASURES } from '../lambdas/modules/performance-data/stat-keys';
import { SUMMARY_SEGMENTS } from '../lambdas/modules/performance-data/month-summary-store.dynamodb';
import { percentile, timedConcurrent } from './stats';

/** The performance bench's raw baselines (bench/performance.ts) and its API-vs-raw ratio. */

/** Every item of a key range, page by page (what a rollup read sends, without summing). */
export async function rawQuery(pk: string, from: string, to: string): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': pk, ':a': `${from}#`, ':b': `${to}#\uffff` },
        ExclusiveStartKey: start,
      }),
    );
    n += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return n;
}

/**
 * The raw Queries of a month summary partition with the month report's projection: the same 18
 * sort-key ranges the route reads, 8 at a time (SUMMARY_SEGMENTS); the items read.
 */
export async function rawSummaryQuery(pk: string): Promise<number> {
  const counts = await inParallel(
    SUMMARY_SEGMENTS,
    async ([from, to]) => {
      let n = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page: QueryCommandOutput = await ddb().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
            ExpressionAttributeValues: { ':pk': pk, ':a': from, ':b': to },
            ProjectionExpression: `LineId, ActivityId, AccountId, Currency, Days, ${MEASURES.join(', ')}`,
            ExclusiveStartKey: start,
          }),
        );
        n += page.Items?.length ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      return n;
    },
    8,
  );
  return counts.reduce((s, x) => s + x, 0);
}

export interface Ratio {
  api: { p50: number; p99: number };
  raw: { p50: number; p99: number };
  ratio: number;
  requests: number;
  concurrency: number;
}

/** Warm both sides, then alternate rounds (drift on a shared machine hits both alike). */
export async function ratioOf(
  requests: number,
  concurrency: number,
  api: (i: number) => Promise<void>,
  raw: (i: number) => Promise<void>,
): Promise<Ratio> {
  await timedConcurrent(Math.max(concurrency * 2, 4), concurrency, api);
  await timedConcurrent(Math.max(concurrency * 2, 4), concurrency, raw);
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let round = 0; round < 4; round++) {
    rawTimes.push(...(await timedConcurrent(requests / 4, concurrency, raw)));
    apiTimes.push(...(await timedConcurrent(requests / 4, concurrency, api)));
  }
  const p = (t: number[]) => ({ p50: percentile(t, 50), p99: percentile(t, 99) });
  return {
    api: p(apiTimes),
    raw: p(rawTimes),
    ratio: percentile(apiTimes, 50) / percentile(rawTimes, 50),
    requests,
    concurrency,
  };
}
