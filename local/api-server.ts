import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { handlerFile, kebab, ROUTES, routePath, type RouteDef } from '../lambdas/manifest';
import {
  buildHttpEvent,
  lambdaContext,
  type HttpApiEventV2,
  type HttpApiResultV2,
  type LambdaContext,
} from './http-event';
import { createJwtAuthorizer, UnauthorizedError } from './jwt-authorizer';
import { CONFIRM_CONTACT_PATH, CONFIRM_RECIPIENT_PATH } from '../lambdas/jobs/job-handlers';
import { handler as unsubscribeHandler } from '../lambdas/public/unsubscribe';
import { handler as confirmContactHandler } from '../lambdas/public/confirm-contact';
import { handler as orderAcceptanceHandler } from '../lambdas/public/order-acceptance';
import { ORDER_ACCEPT_PATH } from '../lambdas/modules/orders';
import { fixClock } from '../lambdas/shared/company-day';
import { costSampleSink, metered, type CostSink } from './cost-samples';

/**
 * The local stand-in for the cloud HTTP API: one POST route per manifest entry, the JWT authorizer,
 * CORS for the console, payload-v2 events, and the handlers themselves called in-process. Its
 * answers for everything that never reaches a handler (401, 404, 413, CORS preflight) copy API
 * Gateway's, so the console behaves the same against both.
 */
export type LambdaHandler = (event: HttpApiEventV2, context: LambdaContext) => Promise<unknown>;

export interface ApiServerOptions {
  tableName: string;
  dynamoEndpoint: string;
  issuer: string;
  clientId: string;
  /** Console origin(s) allowed by CORS, e.g. http://localhost:3000. */
  allowedOrigin: string | string[];
  /** One line per request (default console.log). Tokens and bodies are never logged. */
  log?: (line: string) => void;
  /**
   * Where handlers come from. Default: dynamic import of `handlerFile(route)` (works under tsx and
   * under jest/@swc). Tests and benchmarks may inject their own.
   */
  resolveHandler?: (route: RouteDef) => Promise<LambdaHandler> | LambdaHandler;
  /** Request body limit in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** Where each handled request's cost sample goes (default: MIXDESK_COST_SAMPLES's file, if set). */
  meter?: CostSink;
}

const REPO_ROOT = path.resolve(__dirname, '..');
const ALLOWED_HEADERS = 'authorization,content-type,x-account-id';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The environment the handlers read, set before the first handler module is imported. */
export function setLocalHandlerEnv(o: { tableName: string; dynamoEndpoint: string; cognitoEndpoint?: string }): void {
  process.env.TABLE_NAME = o.tableName;
  process.env.DYNAMODB_ENDPOINT = o.dynamoEndpoint;
  // Where LogInByAws asks the user pool about MFA (the regional Cognito endpoint in the cloud).
  if (o.cognitoEndpoint) process.env.COGNITO_ENDPOINT = o.cognitoEndpoint;
  process.env.AWS_REGION = 'local';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
}

async function importHandler(route: RouteDef): Promise<LambdaHandler> {
  const file = path.join(REPO_ROOT, handlerFile(route));
  // A plain absolute path (not a file: URL): under jest/@swc this import() becomes require().
  const mod = (await import(file)) as { handler?: unknown; default?: { handler?: unknown } };
  const handler = mod.handler ?? mod.default?.handler;
  if (typeof handler !== 'function') throw new Error(`${handlerFile(route)} does not export a handler function`);
  return handler as LambdaHandler;
}

export function createApiServer(opts: ApiServerOptions): Server {
  const log = opts.log ?? ((line: string) => console.log(line));
  const origins = new Set(Array.isArray(opts.allowedOrigin) ? opts.allowedOrigin : [opts.allowedOrigin]);
  const authorizer = createJwtAuthorizer({ issuer: opts.issuer, clientId: opts.clientId });
  setLocalHandlerEnv({ ...opts, cognitoEndpoint: new URL(opts.issuer).origin });
  const routes = new Map<string, RouteDef>(ROUTES.map((r) => [routePath(r), r as RouteDef]));
  const server: ServerParts = {
    routes,
    handlerFor: handlerLoader(routes, opts.resolveHandler ?? importHandler, log),
    authorizer,
    corsHeaders: (req): Record<string, string> => {
      const origin = req.headers.origin;
      if (!origin || !origins.has(origin)) return {};
      return { 'access-control-allow-origin': origin, vary: 'origin' };
    },
    maxBody: opts.maxBodyBytes ?? 1024 * 1024,
    meter: opts.meter ?? costSampleSink(),
  };

  return createServer((req, res) => {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const urlPath = (req.url ?? '/').split('?')[0];
    const send: Exchange['send'] = (status, headers, body = '', note = '') => {
      if (!res.headersSent) {
        res.writeHead(status, { ...headers, ...server.corsHeaders(req) });
        res.end(body);
      }
      log(`${method} ${urlPath} ${status} ${Date.now() - started}ms${note ? ` (${note})` : ''}`);
    };
    const sendJson = (status: number, message: string) => send(status, JSON_HEADERS, JSON.stringify({ message }));
    const exchange: Exchange = { req, method, urlPath, send, sendJson, log };

    handle(server, exchange).catch((err: unknown) => {
      log(`${method} ${urlPath} internal error: ${(err as Error)?.stack ?? err}`);
      sendJson(500, 'Internal Server Error');
    });
  });
}

/** What every request is answered with: the routes, their handlers, the authorizer, CORS. */
interface ServerParts {
  routes: Map<string, RouteDef>;
  handlerFor: (route: RouteDef) => Promise<LambdaHandler>;
  authorizer: ReturnType<typeof createJwtAuthorizer>;
  corsHeaders: (req: IncomingMessage) => Record<string, string>;
  maxBody: number;
  meter: CostSink | undefined;
}

/** One request and the ways to answer it (each answer logged once, with its time). */
interface Exchange {
  req: IncomingMessage;
  method: string;
  urlPath: string;
  send(status: number, headers: Record<string, string | string[]>, body?: string | Buffer, note?: string): void;
  sendJson(status: number, message: string): void;
  log: (line: string) => void;
}

/**
 * All handler modules are imported once, on the first request (not at start-up, so a broken
 * handler file does not keep the whole stack from starting; its route answers 500 instead).
 */
function handlerLoader(
  routes: Map<string, RouteDef>,
  resolve: (route: RouteDef) => Promise<LambdaHandler> | LambdaHandler,
  log: (line: string) => void,
): (route: RouteDef) => Promise<LambdaHandler> {
  let handlers: Map<string, Promise<LambdaHandler>> | undefined;
  return (route) => {
    if (!handlers) {
      handlers = new Map();
      for (const r of routes.values()) {
        const p = Promise.resolve().then(() => resolve(r));
        p.catch((err: unknown) =>
          log(`handler ${handlerFile(r)} could not be loaded: ${(err as Error)?.message ?? err}`),
        );
        handlers.set(routePath(r), p);
      }
    }
    return handlers.get(routePath(route))!;
  };
}

async function handle(server: ServerParts, x: Exchange): Promise<void> {
  const { req, method, urlPath, send, sendJson } = x;
  // CORS preflight: API Gateway answers it itself, for any path, without auth.
  if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
    req.resume();
    const cors = server.corsHeaders(req);
    send(
      204,
      cors['access-control-allow-origin']
        ? {
            'access-control-allow-methods': 'POST,OPTIONS',
            'access-control-allow-headers': ALLOWED_HEADERS,
            'access-control-max-age': '600',
          }
        : {},
    );
    return;
  }
  // The scheduled reports' unsubscribe link: the one route outside the manifest, without the authorizer (as in the cloud).
  // And the outside recipients' confirmation link (GET asks, POST confirms), served by the same handler.
  if (
    (urlPath === '/unsubscribe' && method === 'GET') ||
    (urlPath === CONFIRM_RECIPIENT_PATH && (method === 'GET' || method === 'POST'))
  ) {
    req.resume();
    const t = new URL(req.url ?? '/', 'http://local').searchParams.get('t') ?? undefined;
    const out = await unsubscribeHandler({
      queryStringParameters: t === undefined ? null : { t },
      rawPath: urlPath,
      requestContext: { http: { method } },
    });
    send(out.statusCode, out.headers, out.body);
    return;
  }
  // A vendor contact's confirmation link (GET asks, POST confirms): public, the signed token is the authority.
  if (urlPath === CONFIRM_CONTACT_PATH && (method === 'GET' || method === 'POST')) {
    req.resume();
    const t = new URL(req.url ?? '/', 'http://local').searchParams.get('t') ?? undefined;
    const out = await confirmContactHandler({
      queryStringParameters: t === undefined ? null : { t },
      requestContext: { http: { method } },
    });
    send(out.statusCode, out.headers, out.body);
    return;
  }
  // A sent order's page (GET shows it or downloads its documents, POST decides): public, the signed token is the authority.
  if (urlPath === ORDER_ACCEPT_PATH && (method === 'GET' || method === 'POST')) {
    await orderAcceptance(x);
    return;
  }
  // Local only (no cloud route): fix the clock the companies' "today" is computed from, so a
  // browser journey can show a screen on the 1st of a month; { now: null } is the real clock again.
  if (urlPath === LOCAL_CLOCK_PATH && method === 'POST') {
    const body = await readBody(req, 1024);
    const now = body === null ? undefined : parseClock(body);
    if (now === undefined) return sendJson(400, 'Bad Request: { "now": "<ISO instant>" | null }');
    fixClock(now);
    send(200, JSON_HEADERS, JSON.stringify({ now: now === null ? null : new Date(now).toISOString() }));
    return;
  }
  const route = server.routes.get(urlPath);
  if (!route || method !== 'POST') {
    req.resume();
    sendJson(404, 'Not Found');
    return;
  }
  await callRoute(server, x, route);
}

/** The order page as API Gateway calls it: the query, the method, the source IP, the form body base64. */
async function orderAcceptance({ req, method, send }: Exchange): Promise<void> {
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://local').searchParams);
  const body = method === 'POST' ? await readBody(req, 16 * 1024) : (req.resume(), null);
  const out = await orderAcceptanceHandler({
    queryStringParameters: query,
    requestContext: { http: { method, sourceIp: req.socket.remoteAddress ?? '' } },
    body: body ? body.toString('base64') : null,
    isBase64Encoded: true,
  });
  send(out.statusCode, out.headers, out.isBase64Encoded ? Buffer.from(out.body, 'base64') : out.body);
}

/** A manifest route: the authorizer, the body limit, then its handler as API Gateway would call it. */
async function callRoute(server: ServerParts, x: Exchange, route: RouteDef): Promise<void> {
  const { req, method, urlPath, send, sendJson, log } = x;
  let claims: Record<string, unknown>;
  try {
    claims = await server.authorizer.authorize(req.headers.authorization);
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) throw err;
    req.resume();
    // The reason (never the token) helps when the console is refused locally.
    send(401, JSON_HEADERS, JSON.stringify({ message: 'Unauthorized' }), err.message.slice(0, 160));
    return;
  }
  // A route that carries a file (RouteDef.maxBodyBytes) takes more than the default, as API Gateway (10 MB) does.
  const body = await readBody(req, Math.max(server.maxBody, route.maxBodyBytes ?? 0));
  if (body === null) {
    sendJson(413, 'Request Entity Too Large');
    return;
  }

  const requestId = randomUUID();
  const event = buildHttpEvent({
    method,
    path: urlPath,
    headers: req.headers,
    body: body.toString('utf8'),
    claims,
    sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    requestId,
  });
  let result: unknown;
  try {
    const handler = await server.handlerFor(route);
    const context = lambdaContext(`mixdesk-local-${kebab(route.service)}-${kebab(route.method)}`);
    const name = `${route.service}.${route.method}`;
    result = await metered(server.meter, { kind: 'route', name }, () => handler(event, context));
  } catch (err) {
    // A Lambda that throws: API Gateway answers 500 with this exact body.
    log(`${method} ${urlPath} handler error: ${(err as Error)?.stack ?? err}`);
    sendJson(500, 'Internal Server Error');
    return;
  }
  const out = normalizeResult(result);
  send(out.status, out.headers, out.body);
}

/** The local stack's clock: POST { "now": "<ISO instant>" | null } (journeys only). */
export const LOCAL_CLOCK_PATH = '/local/clock';

/** The instant a clock request asks for, null for the real clock, undefined when it is not one. */
function parseClock(body: Buffer): number | null | undefined {
  try {
    const v = (JSON.parse(body.toString('utf8')) as { now?: unknown }).now;
    if (v === null) return null;
    const at = typeof v === 'string' && v.length <= 40 ? Date.parse(v) : NaN;
    return Number.isFinite(at) ? at : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves null when the body exceeds `limit` (413). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Payload v2 result rules: a structured result is used as is; anything else is a 200 JSON body. */
function normalizeResult(result: unknown): {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Buffer;
} {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const r = result as HttpApiResultV2;
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    if (r.cookies?.length) headers['set-cookie'] = r.cookies;
    const raw = r.body ?? '';
    return { status: r.statusCode ?? 200, headers, body: r.isBase64Encoded ? Buffer.from(raw, 'base64') : raw };
  }
  if (typeof result === 'string') return { status: 200, headers: JSON_HEADERS, body: result };
  return { status: 200, headers: JSON_HEADERS, body: result === undefined ? '' : JSON.stringify(result) };
}
