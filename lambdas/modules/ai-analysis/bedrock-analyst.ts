import type {
  BedrockRuntimeClient,
  BedrockRuntimeClientConfig,
  ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { chunkHref } from '../../kit/chunk-file';
import type { Fact } from './fact-list';
import type { AnalysisLang } from './deterministic-analysis';
import {
  AnalystError,
  systemPrompt,
  userMessage,
  type Analyst,
  type AnalystAnswer,
  type AnalystErrorCode,
  type RetryOf,
} from './analyst';

/**
 * The Amazon Bedrock analyst: one Converse call (`POST /model/{modelId}/converse`) with
 * the system prompt of ./analyst.ts and the facts. In the cloud: the region's endpoint, the Lambda
 * role's credentials and a grant limited to the stage's model (docs/ai-analytics.md). Locally and in
 * the tests: the same client against local/fakes/bedrock-server.ts through `endpoint`
 * (BEDROCK_ENDPOINT).
 *
 * - Transport: the SDK's own Node default for this client, HTTP/2 (NodeHttp2Handler); against an
 *   http:// endpoint it speaks cleartext HTTP/2 with prior knowledge, which the fake serves, so the
 *   tests exercise the transport the cloud uses (docs/ai-analytics.md "Transport").
 * - Retries: the SDK's standard retry strategy (maxAttempts, default 3) retries throttling, 5xx and
 *   time-outs with its back-off; what is left is an AnalystError with a code, never the SDK's error.
 *   The grounding retry (a refused answer asked once more) is ./grounded-analysis.ts's.
 * - Logs: the model id, the tokens, the stop reason or the error code and the request id; never a
 *   credential, a signature or the prompt.
 * - Loading: the SDK's client is loaded when the analyst is made, not with the bundle; in a Lambda
 *   bundle from the file beside it (lib/lambda-bundling.ts BEDROCK_CHUNK), so a cold start that asks
 *   no model never parses it.
 */

/** The SDK's client: in a Lambda bundle, the file its build names (the source below is then not bundled); from source, the module. */
const importSdk = (): Promise<typeof import('./bedrock-sdk')> =>
  process.env.MIXDESK_BEDROCK_CHUNK ? import(chunkHref(process.env.MIXDESK_BEDROCK_CHUNK)) : import('./bedrock-sdk');

export interface BedrockAnalystOptions {
  /** Default BEDROCK_MODEL_ID. */
  modelId?: string;
  /** Default AWS_REGION, else us-east-1. */
  region?: string;
  /** A local Converse (default BEDROCK_ENDPOINT); unset: the region's endpoint. */
  endpoint?: string;
  /** Static credentials (the fake's); unset: the SDK's default chain (the Lambda role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Attempts of one Converse call, the SDK's retry included; default 3. */
  maxAttempts?: number;
  /** The SDK's retry strategy (the tests give one with short delays). */
  retryStrategy?: BedrockRuntimeClientConfig['retryStrategy'];
  /** Per-request time-out; default 60 s. */
  timeoutMs?: number;
  /** The answer's token cap; default 1500. */
  maxTokens?: number;
  client?: BedrockRuntimeClient;
  log?: (line: string) => void;
}

const THROTTLED = new Set(['ThrottlingException', 'ServiceQuotaExceededException', 'TooManyRequestsException']);
const DENIED = new Set([
  'AccessDeniedException',
  'UnrecognizedClientException',
  'ExpiredTokenException',
  'InvalidSignatureException',
  'MissingAuthenticationTokenException',
]);
const INVALID = new Set(['ValidationException', 'ResourceNotFoundException']);
const UNAVAILABLE = new Set([
  'ModelNotReadyException',
  'ModelTimeoutException',
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelErrorException',
  'TimeoutError',
  'RequestTimeout',
]);

/** An SDK failure as an AnalystError: a code, and a message naming the model and the service's reason (never a credential). */
function analystErrorOf(err: unknown, modelId: string): AnalystError {
  const e = err as {
    name?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
    $response?: unknown;
    code?: string;
  };
  const name = e?.name ?? 'Error';
  const status = e?.$metadata?.httpStatusCode;
  const reason = (e?.message ?? '').replace(/\s+/g, ' ').slice(0, 300);
  let code: AnalystErrorCode;
  if (THROTTLED.has(name)) code = 'THROTTLED';
  else if (DENIED.has(name)) code = 'ACCESS_DENIED';
  else if (INVALID.has(name)) code = 'INVALID_REQUEST';
  else if (
    UNAVAILABLE.has(name) ||
    (status !== undefined && status >= 500) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(e?.code ?? '')
  )
    code = 'UNAVAILABLE';
  else if (status !== undefined && status >= 200 && status < 300)
    code = 'MALFORMED_REPLY'; // a 2xx the SDK could not read
  else if (/deseriali|Unexpected token|JSON/i.test(reason)) code = 'MALFORMED_REPLY';
  else code = 'UNAVAILABLE';
  const what: Record<AnalystErrorCode, string> = {
    THROTTLED: 'Bedrock throttled the request and the retries ran out',
    ACCESS_DENIED: 'Bedrock refused access to the model (its grant or the credentials)',
    INVALID_REQUEST: 'Bedrock refused the request',
    REFUSED: 'the model declined to answer',
    MALFORMED_REPLY: "Bedrock's reply could not be read",
    UNAVAILABLE: 'Bedrock could not be reached or failed',
  };
  return new AnalystError(
    `${what[code]} (model ${modelId}: ${name}${status ? ` ${status}` : ''}${reason ? `: ${reason}` : ''})`,
    code,
  );
}

const nonNegativeInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Converse's reply as an answer, or MALFORMED_REPLY / REFUSED. */
export function answerOf(out: ConverseCommandOutput, modelId: string): AnalystAnswer {
  const malformed = (why: string) =>
    new AnalystError(`Bedrock's reply could not be read (model ${modelId}): ${why}`, 'MALFORMED_REPLY');
  const stopReason = out?.stopReason;
  if (stopReason === 'guardrail_intervened' || stopReason === 'content_filtered') {
    throw new AnalystError(`the model declined to answer (model ${modelId}: stopReason ${stopReason})`, 'REFUSED');
  }
  const content = (out?.output as { message?: { content?: unknown } } | undefined)?.message?.content;
  if (!Array.isArray(content)) throw malformed('no output.message.content');
  const text = content
    .map((b) => (typeof (b as { text?: unknown })?.text === 'string' ? (b as { text: string }).text : ''))
    .join('')
    .trim();
  if (text === '') throw malformed('no text in output.message.content');
  if (typeof stopReason !== 'string') throw malformed('no stopReason');
  const usage = out.usage;
  if (!usage || !nonNegativeInt(usage.inputTokens) || !nonNegativeInt(usage.outputTokens)) throw malformed('no usage');
  return { text, model: modelId, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, stopReason };
}

export function bedrockAnalyst(opts: BedrockAnalystOptions = {}): Analyst & { destroy(): void } {
  const modelId = opts.modelId ?? process.env.BEDROCK_MODEL_ID;
  if (!modelId)
    throw new AnalystError('no Bedrock model id: set BEDROCK_MODEL_ID in the stage config', 'INVALID_REQUEST');
  const endpoint = opts.endpoint ?? process.env.BEDROCK_ENDPOINT;
  const log = opts.log ?? (() => undefined);
  // Loaded from now on, beside the caller's own reads; awaited by the first question. A client that
  // does not load is Bedrock unavailable: the analysis answers with the rules' own.
  const sdk = importSdk().catch((err: unknown) => {
    throw new AnalystError(`the Bedrock client did not load (${(err as Error)?.name ?? 'Error'})`, 'UNAVAILABLE');
  });
  sdk.catch(() => undefined);
  let made: BedrockRuntimeClient | undefined = opts.client;
  const clientOf = (Client: typeof BedrockRuntimeClient) =>
    (made ??= new Client({
      region: opts.region ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(endpoint ? { endpoint } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      maxAttempts: opts.maxAttempts ?? 3,
      ...(opts.retryStrategy ? { retryStrategy: opts.retryStrategy } : {}),
      // The client's default handler (HTTP/2), with a time-out; one stream per session as the SDK's default does.
      requestHandler: { requestTimeout: opts.timeoutMs ?? 60_000, disableConcurrentStreams: true },
    }));
  const maxTokens = opts.maxTokens ?? 1500;

  return {
    model: modelId,
    async analyse(facts: readonly Fact[], prompt: string, lang: AnalysisLang, retry?: RetryOf): Promise<AnalystAnswer> {
      let out: ConverseCommandOutput;
      const { BedrockRuntimeClient, ConverseCommand } = await sdk;
      try {
        out = await clientOf(BedrockRuntimeClient).send(
          new ConverseCommand({
            modelId,
            system: [{ text: systemPrompt(lang) }],
            messages: [{ role: 'user', content: [{ text: userMessage(facts, prompt, retry) }] }],
            inferenceConfig: { maxTokens, temperature: 0 },
          }),
        );
      } catch (err) {
        const e = analystErrorOf(err, modelId);
        log(
          `bedrock converse failed: model=${modelId} code=${e.code} error=${(err as Error)?.name ?? 'Error'} requestId=${(err as { $metadata?: { requestId?: string } })?.$metadata?.requestId ?? '-'}`,
        );
        throw e;
      }
      try {
        const answer = answerOf(out, modelId);
        log(
          `bedrock converse: model=${modelId} stopReason=${answer.stopReason} inputTokens=${answer.inputTokens} outputTokens=${answer.outputTokens} requestId=${out.$metadata?.requestId ?? '-'}`,
        );
        return answer;
      } catch (err) {
        log(
          `bedrock converse failed: model=${modelId} code=${(err as AnalystError).code} requestId=${out.$metadata?.requestId ?? '-'}`,
        );
        throw err;
      }
    },
    destroy: () => made?.destroy(),
  };
}
