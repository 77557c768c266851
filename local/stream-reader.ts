import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The stream poller's reading half (local/stream-poller.ts keeps the loop, settle() and stop()): the
 * stream's shards as DescribeStream lists them, GetRecords on each in order, and the handler's batches
 * with Lambda's retry-from-the-failed-record and give-up rules.
 */
export interface StreamReaderOptions {
  dynamo: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  describeEveryMs: number;
  batchSize: number;
  maxAttempts: number;
  filter: (record: _Record) => boolean;
  log: (line: string) => void;
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
export const errorName = (err: unknown) => (err as { name?: string })?.name ?? '';
export const errorText = (err: unknown) => `${errorName(err) || 'Error'}: ${(err as Error)?.message ?? String(err)}`;

export class StreamReader {
  private streamArn: string | undefined;
  /** In DescribeStream order, which lists parents before their children. */
  private readonly shards = new Map<string, ShardState>();
  private describedAt = 0;

  constructor(private readonly o: StreamReaderOptions) {}

  /** Reads the stream's ARN and shard list. Returns false when anything changed. */
  private async describe(): Promise<boolean> {
    this.describedAt = Date.now();
    let arn: string | undefined;
    try {
      arn = (await this.o.dynamo.send(new DescribeTableCommand({ TableName: this.o.tableName }))).Table
        ?.LatestStreamArn;
    } catch (err) {
      if (errorName(err) !== 'ResourceNotFoundException') throw err;
    }
    let unchanged = true;
    if (arn !== this.streamArn) {
      // A new stream (the table was re-created, or its stream enabled): the old one's shards are gone.
      this.streamArn = arn;
      this.shards.clear();
      unchanged = false;
    }
    if (!arn) return unchanged;
    const listed = new Set<string>();
    let start: string | undefined;
    do {
      const out = await this.o.streams.send(
        new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }),
      );
      for (const s of out.StreamDescription?.Shards ?? []) {
        if (!s.ShardId) continue;
        listed.add(s.ShardId);
        const ending = s.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        const known = this.shards.get(s.ShardId);
        if (known) {
          known.ending = ending;
          continue;
        }
        this.shards.set(s.ShardId, {
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
    for (const id of this.shards.keys()) if (!listed.has(id)) this.shards.delete(id);
    return unchanged;
  }

  /** Lambda reads a child shard only once its parent is fully processed: that keeps per-item order. */
  parentDone = (s: ShardState) => {
    const parent = s.parentId ? this.shards.get(s.parentId) : undefined;
    return !parent || isDone(parent);
  };

  /** Hands pending records to the handler in batches. Returns false if a batch failed (retried next round). */
  private async deliver(shard: ShardState): Promise<boolean> {
    while (shard.pending.length) {
      const batch = shard.pending.slice(0, this.o.batchSize);
      const wanted = batch.filter(this.o.filter);
      let failedAt = -1;
      if (wanted.length) {
        try {
          const res = await this.o.handler({ Records: wanted.map((r) => toLambdaRecord(r, this.streamArn!)) });
          const failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
          if (failed.size) {
            // Like Lambda: retry from the lowest failed record; an unknown id fails the whole batch.
            failedAt = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
            if (failedAt < 0) failedAt = 0;
          }
        } catch (err) {
          this.o.log(`stream poller: the handler threw (${errorText(err)}); the batch is delivered again`);
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
        if (++shard.attempts >= this.o.maxAttempts) {
          // Where the cloud mapping would send the record to its failure queue.
          const [dropped] = shard.pending.splice(0, 1);
          shard.lastSeq = dropped.dynamodb?.SequenceNumber ?? shard.lastSeq;
          shard.attempts = 0;
          this.o.log(
            `stream poller: gave up on record ${shard.lastSeq} of shard ${shard.id} after ${this.o.maxAttempts} attempts`,
          );
        }
        return false;
      }
    }
    return true;
  }

  /** One GetRecords on a shard (or a redelivery). Returns true when it found nothing to do. */
  private async pollShard(shard: ShardState): Promise<boolean> {
    if (shard.pending.length) {
      await this.deliver(shard);
      return false;
    }
    try {
      shard.iterator ??= (
        await this.o.streams.send(
          new GetShardIteratorCommand({
            StreamArn: this.streamArn,
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
      const out = await this.o.streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
      shard.iterator = out.NextShardIterator;
      const records = out.Records ?? [];
      if (!out.NextShardIterator) {
        shard.closed = true; // its children may start now
        shard.pending.push(...records);
        if (records.length) await this.deliver(shard);
        return false;
      }
      if (!records.length) return !shard.ending; // a closed shard may still owe a page
      shard.pending.push(...records);
      await this.deliver(shard);
      return false;
    } catch (err) {
      switch (errorName(err)) {
        case 'ExpiredIteratorException': // unused for 15 minutes (a laptop asleep): resume after lastSeq
          shard.iterator = undefined;
          return false;
        case 'TrimmedDataAccessException': // older than the stream's retention: start again at the oldest record
          this.o.log(`stream poller: records of shard ${shard.id} were trimmed before they were read`);
          shard.iterator = undefined;
          shard.lastSeq = undefined;
          return false;
        case 'ResourceNotFoundException': // stream or shard gone: describe again
          this.streamArn = undefined;
          this.shards.clear();
          return false;
        default:
          throw err;
      }
    }
  }

  /** Every shard once. Returns true when the round found nothing at all to do. */
  async round(forceDescribe: boolean): Promise<boolean> {
    let quiet = true;
    if (forceDescribe || !this.streamArn || Date.now() - this.describedAt >= this.o.describeEveryMs)
      quiet = await this.describe();
    if (!this.streamArn) return quiet;
    for (const shard of [...this.shards.values()]) {
      if (isDone(shard)) continue;
      if (!this.parentDone(shard)) {
        quiet = false;
        continue;
      }
      quiet = (await this.pollShard(shard)) && quiet;
    }
    return quiet;
  }
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
