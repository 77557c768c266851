import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, type _Record } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { TABLE_DESIGN } from '../lambdas/shared/table-design';
import { LOCAL_AWS } from './dynamo-local';
import { errorText, StreamReader } from './stream-reader';

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

export function startStreamPoller(opts: StreamPollerOptions): StreamPoller {
  const intervalMs = opts.intervalMs ?? 150;
  const log = opts.log ?? ((line: string) => console.warn(line));
  const { reader, dynamo, streams } = readerFor(opts, log);
  let stopped = false;
  /** settle() calls not yet covered by a round that started after them. */
  let waiting: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let wake: (() => void) | undefined;
  let lastError: string | undefined;

  async function loop(): Promise<void> {
    while (!stopped) {
      // Only settle() calls made before this round started may be answered by it.
      const covered = waiting;
      waiting = [];
      let quiet = false;
      let failed = false;
      try {
        quiet = await reader.round(covered.length > 0);
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

/** The poller's two DynamoDB Local clients and the reader over them. */
function readerFor(opts: StreamPollerOptions, log: (line: string) => void) {
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

  const reader = new StreamReader({
    dynamo,
    streams,
    tableName: opts.tableName,
    handler: opts.handler,
    describeEveryMs: opts.describeEveryMs ?? 2000,
    batchSize: opts.batchSize ?? 100,
    maxAttempts: opts.maxAttempts ?? 10,
    filter: opts.filter ?? hasAuditMark,
    log,
  });
  return { reader, dynamo, streams };
}
