import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';

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

interface FactRow {
  Id: string;
  Subject?: string;
  Value: number;
  Unit: string;
  Currency?: string;
  Text?: string;
}

const MAX_BODY = 1024 * 1024;

/** How the "model" writes numbers: as the system prompt's language does (French "1 234,5", Romanian "1.234,5"), else "1,234.5". */
interface Notation {
  group: string;
  decimal: string;
}
const DOT_DECIMAL: Notation = { group: ',', decimal: '.' };
const notationOf = (system: string): Notation =>
  /Answer in French/.test(system)
    ? { group: '\u202f', decimal: ',' }
    : /Answer in Romanian/.test(system)
      ? { group: '.', decimal: ',' }
      : DOT_DECIMAL;

/** |v| as a model writes it for a reader: grouped thousands, 2 decimals unless whole (₪590,000, $1,234.50). */
function grouped(v: number, { group, decimal }: Notation): string {
  const [whole, decimals] = Math.abs(v)
    .toFixed(Number.isInteger(v) ? 0 : 2)
    .split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimals ? `${decimal}${decimals}` : ''}`;
}

/** A figure as the fake's "model" writes it: the fact's value grouped, at 2 decimals, with its unit, then its id. */
function written(f: FactRow, notation: Notation): string {
  const n = grouped(f.Value, notation);
  switch (f.Unit) {
    case 'percent':
      return `${n}% [${f.Id}]`;
    case 'currency':
      return f.Currency === 'USD' ? `$${n} [${f.Id}]` : f.Currency === 'ILS' ? `₪${n} [${f.Id}]` : `${n} [${f.Id}]`;
    case 'days':
      return `${n} ${f.Value === 1 ? 'day' : 'days'} [${f.Id}]`;
    case 'ratio':
      return `${n}× [${f.Id}]`;
    default:
      return `${n} [${f.Id}]`;
  }
}

export function factsOfMessage(user: string): FactRow[] {
  const m = /<facts>\s*([\s\S]*?)\s*<\/facts>/.exec(user);
  if (!m) return [];
  try {
    const rows = JSON.parse(m[1]) as unknown;
    return Array.isArray(rows)
      ? rows.filter(
          (r): r is FactRow => typeof r?.Id === 'string' && typeof r?.Value === 'number' && typeof r?.Unit === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** A fact's label without its subject (a fact's Text starts "<subject>: "). */
const labelOf = (f: FactRow) =>
  f.Subject !== undefined && f.Text?.startsWith(`${f.Subject}: `)
    ? f.Text.slice(f.Subject.length + 2)
    : (f.Text ?? f.Id);

/** A grounded answer: the first five facts, each as '"<subject>" <label>: <figure> [id].' — a name quoted whole, as the system prompt asks. */
export function groundedAnswer(facts: readonly FactRow[], system = ''): string {
  if (facts.length === 0) return 'There are no facts to analyse.';
  const notation = notationOf(system);
  return facts
    .slice(0, 5)
    .map((f) => `${f.Subject !== undefined ? `"${f.Subject}" ` : ''}${labelOf(f)}: ${written(f, notation)}.`)
    .join('\n');
}

/** An answer with one figure no fact supports: far above every fact's value, with odd decimals. */
export function inventedAnswer(facts: readonly FactRow[], system = ''): string {
  const top = facts.reduce((m, f) => Math.max(m, Math.abs(f.Value)), 0);
  const first = facts[0]?.Id ?? 'F1';
  return `${groundedAnswer(facts, system)}\nNext month the plan should gain ${(top * 3 + 7.37).toFixed(2)} more conversions [${first}].`;
}

export async function startFakeBedrock(opts: FakeBedrockOptions): Promise<FakeBedrock> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const faults: BedrockFault[] = [];
  const calls: ConverseCall[] = [];
  const sessions = new Set<ServerHttp2Session>();

  const send = (res: Http2ServerResponse, status: number, body: unknown, errorType?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() };
    if (errorType) headers['x-amzn-errortype'] = errorType;
    res.writeHead(status, headers);
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const refuse = (res: Http2ServerResponse, status: number, errorType: string, message: string) =>
    send(res, status, { message }, errorType);

  const handle = async (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > MAX_BODY) return refuse(res, 400, 'ValidationException', 'Input is too long for requested model.');
      chunks.push(c as Buffer);
    }
    const m = /^\/model\/([^/]+)\/converse$/.exec(req.url.split('?')[0]);
    if (req.method !== 'POST' || !m)
      return refuse(res, 404, 'UnknownOperationException', `no such operation: ${req.method} ${req.url}`);

    const auth = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/[a-z0-9-]+\/bedrock\/aws4_request,/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!auth || !opts.accessKeyIds.includes(auth[1]))
      return refuse(res, 403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');

    const modelId = decodeURIComponent(m[1]);
    if (opts.models && !opts.models.includes(modelId))
      return refuse(res, 400, 'ValidationException', 'The provided model identifier is invalid.');
    let body: { messages?: { role?: string; content?: { text?: string }[] }[]; system?: { text?: string }[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return refuse(
        res,
        400,
        'ValidationException',
        'Malformed input request, please reformat your input and try again.',
      );
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      return refuse(res, 400, 'ValidationException', 'A conversation must start with a user message.');
    const user = body.messages
      .filter((x) => x.role === 'user')
      .flatMap((x) => x.content ?? [])
      .map((c) => c.text ?? '')
      .join('\n');
    const system = (body.system ?? []).map((s) => s.text ?? '').join('\n');
    const fault = faults.shift();
    calls.push({ modelId, system, user, answered: fault ?? 'grounded', httpVersion: req.httpVersion });
    log(`fake bedrock: converse ${modelId} → ${fault ?? 'grounded'}`);

    switch (fault) {
      case 'throttle':
        return refuse(res, 429, 'ThrottlingException', 'Too many requests, please wait before trying again.');
      case 'validation':
        return refuse(res, 400, 'ValidationException', 'The model returned the following errors: prompt is too long.');
      case 'accessDenied':
        return refuse(
          res,
          403,
          'AccessDeniedException',
          "You don't have access to the model with the specified model ID.",
        );
      case 'unavailable':
        return refuse(res, 503, 'ServiceUnavailableException', 'The service is temporarily unavailable.');
      case 'malformed':
        return send(res, 200, '<html><body>502 Bad Gateway</body></html>');
      case 'empty':
        return send(res, 200, {
          output: { message: { role: 'assistant' } },
          stopReason: 'end_turn',
          usage: { inputTokens: 1, outputTokens: 0, totalTokens: 1 },
          metrics: { latencyMs: 1 },
        });
      default:
        break;
    }
    const facts = factsOfMessage(user);
    const text =
      fault === 'refuse'
        ? 'Sorry, I cannot help with that request.'
        : fault === 'invent'
          ? inventedAnswer(facts, system)
          : groundedAnswer(facts, system);
    const inputTokens = Math.ceil((user.length + system.length) / 4);
    const outputTokens = Math.ceil(text.length / 4);
    send(res, 200, {
      output: { message: { role: 'assistant', content: [{ text }] } },
      stopReason: fault === 'refuse' ? 'guardrail_intervened' : 'end_turn',
      usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
      metrics: { latencyMs: 5 },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`fake bedrock: ${(err as Error).message}`);
      if (!res.headersSent) refuse(res, 500, 'InternalServerException', 'internal error');
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
