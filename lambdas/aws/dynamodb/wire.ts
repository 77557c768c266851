import {
  bareCode,
  defaultSleep,
  signedPost,
  withRetries,
  type CredentialSource,
  type SignedReply,
} from '../signed-post';
import { addConsumed, meteredCall } from './capacity';

/**
 * DynamoDB's JSON 1.0 protocol on the shared signed POST (`POST /`, `x-amz-target:
 * DynamoDB_20120810.<Operation>`), with the SDK's standard retry mode. It speaks AttributeValues
 * (aws/dynamodb/commands.ts marshals): binary values travel as base64 and come back as bytes, as the
 * SDK's serde does; everything else is the JSON as DynamoDB writes it.
 *
 * A failure throws what the SDK threw, as callers read it: an Error named by DynamoDB's bare code
 * (`ConditionalCheckFailedException`, `TransactionCanceledException`…) with `message`, `$fault`,
 * `$metadata` and the reply's own fields (`CancellationReasons`, `Item`: AttributeValues, as the SDK
 * leaves them on an error).
 */

/** The SDK's ResponseMetadata. */
export interface ResponseMetadata {
  httpStatusCode?: number;
  requestId?: string;
  extendedRequestId?: string;
  cfId?: string;
  attempts?: number;
  totalRetryDelay?: number;
}

export class DynamoDBError extends Error {
  $fault: 'client' | 'server';
  $metadata: ResponseMetadata;
  /** A network failure's own code (ECONNRESET…), when it had one. */
  declare code?: string;
  [field: string]: unknown;

  constructor(name: string, message: string, metadata: ResponseMetadata, options?: { cause?: unknown }) {
    super(undefined, options);
    // Enumerable, as the SDK's errors have it (it assigns the message after construction).
    this.message = message;
    this.name = name;
    this.$fault = (metadata.httpStatusCode ?? 500) < 500 ? 'client' : 'server';
    this.$metadata = metadata;
  }
}

/** The SDK's throttling codes (its standard mode backs off longer for these). */
const THROTTLING = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
/** Worth another try though not throttled: timeouts, a request that never got an answer, a replica's conflict. */
const TRANSIENT = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'NetworkError',
  'ReplicatedWriteConflictException',
]);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);

const isThrottling = (e: DynamoDBError) => THROTTLING.has(e.name) || e.$metadata.httpStatusCode === 429;
/** What the SDK's standard mode tries again: throttling and transient errors, never a 4xx of the request itself. */
export const isRetryable = (e: DynamoDBError) =>
  isThrottling(e) || TRANSIENT.has(e.name) || TRANSIENT_STATUS.has(e.$metadata.httpStatusCode ?? 0);

/** The SDK's standard mode: full jitter under base × 2^retries (50 ms, throttling 1 s), at most 20 s. */
const backoffMs = (attempt: number, e: DynamoDBError) =>
  Math.min((isThrottling(e) ? 1000 : 50) * 2 ** (attempt - 1), 20_000);

export interface DynamoCallerOptions {
  /** `https://dynamodb.<region>.amazonaws.com/`, or DynamoDB Local's. */
  endpoint: string;
  region: string;
  credentials: CredentialSource;
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** Each try's limit. */
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

export interface DynamoReply {
  output: Record<string, unknown>;
  $metadata: ResponseMetadata;
}

/** `call(operation, input)`: DynamoDB's reply to the input (AttributeValues), after the retries. */
export function dynamoCaller(o: DynamoCallerOptions): (operation: string, input: object) => Promise<DynamoReply> {
  const post = signedPost({
    service: 'dynamodb',
    region: o.region,
    url: new URL(o.endpoint),
    credentials: o.credentials,
    timeoutMs: o.timeoutMs,
    unreachable: unreachableError,
    fetch: o.fetch,
  });
  const sleep = o.sleep ?? defaultSleep;
  return async (operation, input) => {
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` };
    const tally = meteredCall(operation, input);
    const body = JSON.stringify(tally ? { ...input, ReturnConsumedCapacity: 'TOTAL' } : input, withBase64);
    let attempts = 0;
    let totalRetryDelay = 0;
    const counted = (m: ResponseMetadata) => Object.assign(m, { attempts, totalRetryDelay });
    try {
      const reply = await withRetries(
        async () => {
          attempts++;
          return replyOf(await post(headers, body));
        },
        {
          maxAttempts: o.maxAttempts,
          sleep: async (ms) => {
            totalRetryDelay += Math.floor(ms);
            await sleep(ms);
          },
          backoffMs,
          asError: (err) =>
            err instanceof DynamoDBError ? err : new DynamoDBError('Error', String(err), {}, { cause: err }),
          retryable: isRetryable,
        },
      );
      counted(reply.$metadata);
      if (tally) addConsumed(tally, operation, reply.output);
      return reply;
    } catch (err) {
      if (err instanceof DynamoDBError) counted(err.$metadata);
      throw err;
    }
  };
}

function metadataOf(res: Response): ResponseMetadata {
  const h = res.headers;
  return {
    httpStatusCode: res.status,
    requestId: h.get('x-amzn-requestid') ?? h.get('x-amzn-request-id') ?? h.get('x-amz-request-id') ?? undefined,
    extendedRequestId: h.get('x-amz-id-2') ?? undefined,
    cfId: h.get('x-amz-cf-id') ?? undefined,
  };
}

/** DynamoDB's answer: its JSON, or the error it names. */
function replyOf({ res, text }: SignedReply): DynamoReply {
  const $metadata = metadataOf(res);
  // DynamoDB always answers a body (`{}` at least): none means it could not be read (cut, timed out).
  if (!text) throw new DynamoDBError('NetworkError', `DynamoDB's ${res.status} reply could not be read`, $metadata);
  let json: Record<string, unknown>;
  try {
    const parsed: unknown = parseJson(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    json = parsed as Record<string, unknown>;
  } catch {
    const code = bareCode(res.headers.get('x-amzn-errortype')) || (res.ok ? 'MalformedReply' : 'UnknownError');
    throw new DynamoDBError(code, `DynamoDB answered ${res.status} with a body that is not JSON`, $metadata);
  }
  if (res.ok) return { output: json, $metadata };
  const code = bareCode(res.headers.get('x-amzn-errortype')) || bareCode(json.code) || bareCode(json.__type);
  const message = json.message ?? json.Message;
  const err = new DynamoDBError(
    code || 'UnknownError',
    typeof message === 'string' ? message : 'UnknownError',
    $metadata,
  );
  // The reply's own fields (CancellationReasons, Item, __type…), as the SDK decorates its errors.
  for (const [k, v] of Object.entries(json)) if (k !== 'message' && k !== 'Message' && err[k] == undefined) err[k] = v;
  throw err;
}

/** A request that never got an answer: a timeout, or the connection failed (refused, reset, DNS). */
function unreachableError(err: Error): DynamoDBError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const timeout = err.name === 'TimeoutError' || err.name === 'AbortError';
  const e = new DynamoDBError(
    timeout ? 'TimeoutError' : 'NetworkError',
    `DynamoDB could not be reached: ${cause?.message ?? err.message}`,
    {},
    { cause: err },
  );
  if (cause?.code) e.code = cause.code;
  return e;
}

/** Bytes (B, BS) go as base64: `this[key]` is the value before its own toJSON (a Buffer's). */
function withBase64(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (ArrayBuffer.isView(raw)) return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('base64');
  return value;
}

/** The reply, with B / BS values as bytes (only a reply that may hold some pays for the reviver). */
function parseJson(text: string): unknown {
  if (!text.includes('"B"') && !text.includes('"BS"')) return JSON.parse(text);
  return JSON.parse(text, (key, value: unknown) => {
    if (key === 'B' && typeof value === 'string') return bytes(value);
    if (key === 'BS' && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map(bytes);
    return value;
  });
}

const bytes = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));
