import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import { factsOfMessage, groundedAnswer, inventedAnswer } from './bedrock-answers';

export { factsOfMessage, groundedAnswer } from './bedrock-answers';

/**
 * A local Amazon Bedrock Runtime for the AI analyst's tests (and, next, `npm start`): it speaks
 * Converse's wire format — `POST /model/{modelId}/converse`, JSON in, `{ output: { message: { role,
 * content: [{ text }] } }, stopReason, usage: { inputTokens, outputTokens, totalTokens }, metrics }`
 * out; errors as Bedrock's rest-json: the status, `x-amzn-errortype` and `{"message"}`.
 *
 * Transport: cleartext HTTP/2 (node:http2 createServer, h2c with prior knowledge), because the
 * SDK's Node default for this client is HTTP/2 (NodeHttp2Handler), which talks h2c to an http://
 * endpoint: the tests run the client's real transport (docs/ai-analytics.md "Transport"). An
 * HTTP/1.1 client cannot talk to it (`curl --http2-prior-knowledge` can).
 *
 * Requests must carry a SigV4 Authorization header scoped to the service `bedrock` with a known
 * access key (the signature itself is not recomputed: the SES fake does that for SigV4).
 *
 * What it answers, by default: a well-grounded answer written from the facts in the request (the
 * JSON between <facts> and </facts> of the user message: the first few facts, each figure as the
 * fact states it and its id). `injectFault(kind, times)` changes the next `times` answers:
 * - throttle: 429 ThrottlingException; validation: 400 ValidationException; accessDenied: 403
 *   AccessDeniedException; unavailable: 503 ServiceUnavailableException;
 * - refuse: 200 with stopReason `guardrail_intervened` (the model declined);
 * - invent: 200, an answer with a figure no fact supports (it still cites a fact id);
 * - malformed: 200 with a body that is not JSON; empty: 200 JSON without output.message.content.
 */
export type BedrockFault =
  | 'throttle'
  | 'validation'
  | 'accessDenied'
  | 'unavailable'
  | 'refuse'
  | 'invent'
  | 'malformed'
  | 'empty';

export const BEDROCK_FAULTS: readonly BedrockFault[] = [
  'throttle',
  'validation',
  'accessDenied',
  'unavailable',
  'refuse',
  'invent',
  'malformed',
  'empty',
];

export interface ConverseCall {
  modelId: string;
  system: string;
  /** The user messages' text, joined. */
  user: string;
  /** What was answered: 'grounded', or the fault. */
  answered: 'grounded' | BedrockFault;
  /** The request's HTTP version ('2.0': the SDK's default transport). */
  httpVersion: string;
}

export interface FakeBedrockOptions {
  port?: number;
  host?: string;
  /** Access key ids it accepts. */
  accessKeyIds: readonly string[];
  /** Model ids it knows; unset: any. An unknown one is a 400 ValidationException, as Bedrock answers. */
  models?: readonly string[];
  log?: (line: string) => void;
}

export interface FakeBedrock {
  endpoint: string;
  port: number;
  server: Http2Server;
  injectFault(kind: BedrockFault, times?: number): void;
  calls(): ConverseCall[];
  stop(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

const send = (res: Http2ServerResponse, status: number, body: unknown, errorType?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers);
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (res: Http2ServerResponse, r: Refusal) => send(res, r.status, { message: r.message }, r.errorType);

type ConverseRequest = Pick<ConverseCall, 'modelId' | 'system' | 'user'>;

/** A Converse request read and checked: its path, signature scope, model and messages. */
async function converseRequest(req: Http2ServerRequest, opts: FakeBedrockOptions): Promise<ConverseRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new Refusal(400, 'ValidationException', 'Input is too long for requested model.');
    chunks.push(c as Buffer);
  }
  const m = /^\/model\/([^/]+)\/converse$/.exec(req.url.split('?')[0]);
  if (req.method !== 'POST' || !m)
    throw new Refusal(404, 'UnknownOperationException', `no such operation: ${req.method} ${req.url}`);
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/[a-z0-9-]+\/bedrock\/aws4_request,/.exec(
    String(req.headers.authorization ?? ''),
  );
  if (!auth || !opts.accessKeyIds.includes(auth[1]))
    throw new Refusal(403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
  const modelId = decodeURIComponent(m[1]);
  if (opts.models && !opts.models.includes(modelId))
    throw new Refusal(400, 'ValidationException', 'The provided model identifier is invalid.');
  let body: { messages?: { role?: string; content?: { text?: string }[] }[]; system?: { text?: string }[] };
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'ValidationException', 'Malformed input request, please reformat your input and try again.');
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    throw new Refusal(400, 'ValidationException', 'A conversation must start with a user message.');
  const user = body.messages
    .filter((x) => x.role === 'user')
    .flatMap((x) => x.content ?? [])
    .map((c) => c.text ?? '')
    .join('\n');
  const system = (body.system ?? []).map((s) => s.text ?? '').join('\n');
  return { modelId, system, user };
}

/** The refusals and odd answers a fault makes; true when it answered. */
function answerFault(res: Http2ServerResponse, fault: BedrockFault | undefined): boolean {
  const refusal = {
    throttle: () => new Refusal(429, 'ThrottlingException', 'Too many requests, please wait before trying again.'),
    validation: () =>
      new Refusal(400, 'ValidationException', 'The model returned the following errors: prompt is too long.'),
    accessDenied: () =>
      new Refusal(403, 'AccessDeniedException', "You don't have access to the model with the specified model ID."),
    unavailable: () => new Refusal(503, 'ServiceUnavailableException', 'The service is temporarily unavailable.'),
  }[fault as string];
  if (refusal) throw refusal();
  if (fault === 'malformed') send(res, 200, '<html><body>502 Bad Gateway</body></html>');
  else if (fault === 'empty')
    send(res, 200, {
      output: { message: { role: 'assistant' } },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 0, totalTokens: 1 },
      metrics: { latencyMs: 1 },
    });
  else return false;
  return true;
}

/** The "model's" answer: grounded in the request's facts, refused, or with an invented figure. */
function answer(res: Http2ServerResponse, call: ConverseRequest, fault: BedrockFault | undefined): void {
  const facts = factsOfMessage(call.user);
  const text =
    fault === 'refuse'
      ? 'Sorry, I cannot help with that request.'
      : fault === 'invent'
        ? inventedAnswer(facts, call.system)
        : groundedAnswer(facts, call.system);
  const inputTokens = Math.ceil((call.user.length + call.system.length) / 4);
  const outputTokens = Math.ceil(text.length / 4);
  send(res, 200, {
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason: fault === 'refuse' ? 'guardrail_intervened' : 'end_turn',
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: 5 },
  });
}

export async function startFakeBedrock(opts: FakeBedrockOptions): Promise<FakeBedrock> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const faults: BedrockFault[] = [];
  const calls: ConverseCall[] = [];
  const sessions = new Set<ServerHttp2Session>();

  const handle = async (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const call = await converseRequest(req, opts);
    const fault = faults.shift();
    calls.push({ ...call, answered: fault ?? 'grounded', httpVersion: req.httpVersion });
    log(`fake bedrock: converse ${call.modelId} → ${fault ?? 'grounded'}`);
    if (!answerFault(res, fault)) answer(res, call, fault);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (res.headersSent) return;
      if (err instanceof Refusal) return refuse(res, err);
      log(`fake bedrock: ${(err as Error).message}`);
      refuse(res, new Refusal(500, 'InternalServerException', 'internal error'));
    });
  });
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    endpoint: `http://${host}:${port}`,
    port,
    server,
    injectFault(kind, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(kind);
    },
    calls: () => [...calls],
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions) s.destroy();
        server.close(() => resolve());
      }),
  };
}
