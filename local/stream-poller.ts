import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { TABLE_DESIGN } from '../lambdas/shared/table-design';
import { LOCAL_AWS } from './dynamo-local';

/**
 * The local stand-in for Lambda's DynamoDB event source mapping (lib/constructs/line-audit-stream.ts):
 * reads the table's change stream from DynamoDB Local and hands the records, in order per shard, to a
 * stream handler (lambdas/streams/audit-line-changes.ts). Used by `npm start` (local/start.ts) and by
 * jest's global setup, so one-write line changes get their audit entries offline too.
 *
 * It mirrors what the cloud mapping promises, no more: at-least-once delivery, order within a shard,
 * parents before children, the same record filter, a retry from the record the handler reports as
 * failed, and a give-up after as many attempts as the mapping's retryAttempts.
 */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamPollerOptions {
  /** DynamoDB Local's endpoint (it serves the Streams API on the same port). */
  endpoint: string;
  tableName: string;
  handler: StreamHandler;
  /** Pause between rounds when nothing is waiting (default 150 ms). */
  intervalMs?: number;
  /** How often the shard list is read again to find shards DynamoDB Local rolled over to (default 2 s). */
  describeEveryMs?: number;
  /** Records per handler call (default 100, the event source mapping's batch size). */
  batchSize?: number;
  /** Deliveries of one failing record before it is logged and skipped (default 10, like retryAttempts). */
  maxAttempts?: number;
  /** Which records reach the handler (default: the cloud mapping's filter, see `hasAuditMark`). */
  filter?: (record: _Record) => boolean;
  /** Problems and give-ups (default console.warn). */
  log?: (line: string) => void;
}

export interface StreamPoller {
  /** Resolves once every record written before the call has been handled (or given up on). */
  settle(): Promise<void>;
  /** Stops polling; pending `settle()` calls reject. */
  stop(): Promise<void>;
}

/**
 * The event source mapping's filter: the new image carries the audit mark as a number
 * (`{ dynamodb: { NewImage: { StreamAudit: { N: [{ exists: true }] } } } }`).
 */
export function hasAuditMark(record: _Record): boolean {
  const mark = record.dynamodb?.NewImage?.[TABLE_DESIGN.stream.auditMarkAttribute];
  return mark !== undefined && 'N' in mark && mark.N !== undefined;
}

interface ShardState {
  id: string;
  parentId?: string;
  /** DescribeStream gave it an ending sequence number: it takes no more records. */
  ending: boolean;
  /** Where GetRecords continues; undefined = ask for a new iterator after `lastSeq`. */
  iterator?: string;
  /** The last record handled (or skipped): where a new iterator starts after an expiry or a failure. */
  lastSeq?: string;
  /** Read but not yet handled: a failed batch is delivered again from here on the next round. */
  pending: _Record[];
  attempts: number;
  /** GetRecords gave no next iterator: the shard is closed and fully read. */
  closed: boolean;
}

const isDone = (s: ShardState) => s.closed && s.pending.length === 0;
const errorName = (err: unknown) => (err as { name?: string })?.name ?? '';
const errorText = (err: unknown) => `${errorName(err) || 'Error'}: ${(err as Error)?.message ?? String(err)}`;

export function startStreamPoller(opts: StreamPollerOptions): StreamPoller {
  const intervalMs = opts.intervalMs ?? 150;
  const describeEveryMs = opts.describeEveryMs ?? 2000;
  const batchSize = opts.batchSize ?? 100;
  const maxAttempts = opts.maxAttempts ?? 10;
  const filter = opts.filter ?? hasAuditMark;
  const log = opts.log ?? ((line: string) => console.warn(line));
  // A request that hangs (DynamoDB Local stuck) must not stall the poller for ever: it fails and the
  // next round retries. Generous, as a busy machine (jest's workers, the JVM) can delay an answer by seconds.
  const clientOptions = {
    ...LOCAL_AWS,
    endpoint: opts.endpoint,
    maxAttempts: 2,
    requestHandler: { requestTimeout: 60_000, throwOnRequestTimeout: true },
  };
  const dynamo = new DynamoDBClient(clientOptions);
  const streams = new DynamoDBStreamsClient(clientOptions);

  let streamArn: string | undefined;
  /** In DescribeStream order, which lists parents before their children. */
  const shards = new Map<string, ShardState>();
  let describedAt = 0;
  let stopped = false;
  /** settle() calls not yet covered by a round that started after them. */
  let waiting: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let wake: (() => void) | undefined;
  let lastError: string | undefined;

  /** Reads the stream's ARN and shard list. Returns false when anything changed. */
  async function describe(): Promise<boolean> {
    describedAt = Date.now();
    let arn: string | undefined;
    try {
      arn = (await dynamo.send(new DescribeTableCommand({ TableName: opts.tableName }))).Table?.LatestStreamArn;
    } catch (err) {
      if (errorName(err) !== 'ResourceNotFoundException') throw err;
    }
    let unchanged = true;
    if (arn !== streamArn) {
      // A new stream (the table was re-created, or its stream enabled): the old one's shards are gone.
      streamArn = arn;
      shards.clear();
      unchanged = false;
    }
    if (!arn) return unchanged;
    const listed = new Set<string>();
    let start: string | undefined;
    do {
      const out = await streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }));
      for (const s of out.StreamDescription?.Shards ?? []) {
        if (!s.ShardId) continue;
        listed.add(s.ShardId);
        const ending = s.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        const known = shards.get(s.ShardId);
        if (known) {
          known.ending = ending;
          continue;
        }
        shards.set(s.ShardId, {
          id: s.ShardId,
          parentId: s.ParentShardId,
          ending,
          pending: [],
          attempts: 0,
          closed: false,
        });
        unchanged = false;
      }
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    // Shards older than the stream's 24-hour retention drop out of the list; so do their states.
    for (const id of shards.keys()) if (!listed.has(id)) shards.delete(id);
    return unchanged;
  }

  /** Lambda reads a child shard only once its parent is fully processed: that keeps per-item order. */
  const parentDone = (s: ShardState) => {
    const parent = s.parentId ? shards.get(s.parentId) : undefined;
    return !parent || isDone(parent);
  };

  /** Hands pending records to the handler in batches. Returns false if a batch failed (retried next round). */
  async function deliver(shard: ShardState): Promise<boolean> {
    while (shard.pending.length) {
      const batch = shard.pending.slice(0, batchSize);
      const wanted = batch.filter(filter);
      let failedAt = -1;
      if (wanted.length) {
        try {
          const res = await opts.handler({ Records: wanted.map((r) => toLambdaRecord(r, streamArn!)) });
          const failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
          if (failed.size) {
            // Like Lambda: retry from the lowest failed record; an unknown id fails the whole batch.
            failedAt = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
            if (failedAt < 0) failedAt = 0;
          }
        } catch (err) {
          log(`stream poller: the handler threw (${errorText(err)}); the batch is delivered again`);
          failedAt = 0;
        }
      }
      const handled = failedAt < 0 ? batch.length : failedAt;
      if (handled) {
        shard.lastSeq = shard.pending[handled - 1].dynamodb?.SequenceNumber ?? shard.lastSeq;
        shard.pending.splice(0, handled);
        shard.attempts = 0;
      }
      if (failedAt >= 0) {
        if (++shard.attempts >= maxAttempts) {
          // Where the cloud mapping would send the record to its failure queue.
          const [dropped] = shard.pending.splice(0, 1);
          shard.lastSeq = dropped.dynamodb?.SequenceNumber ?? shard.lastSeq;
          shard.attempts = 0;
          log(`stream poller: gave up on record ${shard.lastSeq} of shard ${shard.id} after ${maxAttempts} attempts`);
        }
        return false;
      }
    }
    return true;
  }

  /** One GetRecords on a shard (or a redelivery). Returns true when it found nothing to do. */
  async function pollShard(shard: ShardState): Promise<boolean> {
    if (shard.pending.length) {
      await deliver(shard);
      return false;
    }
    try {
      shard.iterator ??= (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.id,
            ShardIteratorType: shard.lastSeq ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
            SequenceNumber: shard.lastSeq,
          }),
        )
      ).ShardIterator;
      if (!shard.iterator) {
        shard.closed = true;
        return false;
      }
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
      shard.iterator = out.NextShardIterator;
      const records = out.Records ?? [];
      if (!out.NextShardIterator) {
        shard.closed = true; // its children may start now
        shard.pending.push(...records);
        if (records.length) await deliver(shard);
        return false;
      }
      if (!records.length) return !shard.ending; // a closed shard may still owe a page
      shard.pending.push(...records);
      await deliver(shard);
      return false;
    } catch (err) {
      switch (errorName(err)) {
        case 'ExpiredIteratorException': // unused for 15 minutes (a laptop asleep): resume after lastSeq
          shard.iterator = undefined;
          return false;
        case 'TrimmedDataAccessException': // older than the stream's retention: start again at the oldest record
          log(`stream poller: records of shard ${shard.id} were trimmed before they were read`);
          shard.iterator = undefined;
          shard.lastSeq = undefined;
          return false;
        case 'ResourceNotFoundException': // stream or shard gone: describe again
          streamArn = undefined;
          shards.clear();
          return false;
        default:
          throw err;
      }
    }
  }

  /** Every shard once. Returns true when the round found nothing at all to do. */
  async function round(forceDescribe: boolean): Promise<boolean> {
    let quiet = true;
    if (forceDescribe || !streamArn || Date.now() - describedAt >= describeEveryMs) quiet = await describe();
    if (!streamArn) return quiet;
    for (const shard of [...shards.values()]) {
      if (isDone(shard)) continue;
      if (!parentDone(shard)) {
        quiet = false;
        continue;
      }
      quiet = (await pollShard(shard)) && quiet;
    }
    return quiet;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      // Only settle() calls made before this round started may be answered by it.
      const covered = waiting;
      waiting = [];
      let quiet = false;
      let failed = false;
      try {
        quiet = await round(covered.length > 0);
        if (lastError) log('stream poller: reading the stream again');
        lastError = undefined;
      } catch (err) {
        failed = true;
        const text = errorText(err);
        // Logged once per distinct problem: DynamoDB Local being restarted must not flood the console.
        if (text !== lastError) log(`stream poller: ${text} (retrying)`);
        lastError = text;
      }
      if (quiet) for (const w of covered) w.resolve();
      else waiting.unshift(...covered);
      if (stopped) break;
      // While someone waits in settle(), go straight on (unless the engine is failing: no busy loop).
      if (waiting.length && !failed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        // The poller alone never keeps a process alive.
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  const running = loop().catch((err) => log(`stream poller stopped on an unexpected error: ${errorText(err)}`));

  return {
    settle() {
      if (stopped) return Promise.reject(new Error('The stream poller is stopped'));
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        wake?.();
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      wake?.();
      for (const w of waiting.splice(0)) w.reject(new Error('The stream poller was stopped'));
      // A round in flight ends within a request timeout; no need to wait that long to shut down.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((r) => (timer = setTimeout(r, 2000)))]);
      clearTimeout(timer);
      dynamo.destroy();
      streams.destroy();
    },
  };
}

/**
 * A GetRecords record as Lambda delivers it: the same fields, with the creation time in epoch
 * seconds and the stream ARN as eventSourceARN. (Binary attributes stay bytes where Lambda's JSON has
 * base64 text; no Mixdesk item holds binary data.)
 */
function toLambdaRecord(r: _Record, streamArn: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
  return {
    eventID: r.eventID,
    eventName: r.eventName,
    eventVersion: r.eventVersion,
    eventSource: 'aws:dynamodb',
    eventSourceARN: streamArn,
    awsRegion: r.awsRegion,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime
        ? d.ApproximateCreationDateTime.getTime() / 1000
        : undefined,
      Keys: d.Keys as Image,
      NewImage: d.NewImage as Image,
      OldImage: d.OldImage as Image,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
    ...(r.userIdentity ? { userIdentity: r.userIdentity } : {}),
  };
}
