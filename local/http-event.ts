import { randomUUID } from 'node:crypto';

/**
 * Builds the event API Gateway (HTTP API, payload format 2.0, JWT authorizer) hands to a Lambda.
 * Shared by the local API server and the handler tests (test/support/engines.ts), so a handler sees
 * the same shape locally, in tests and in the cloud. The types are declared here (the subset of
 * @types/aws-lambda's APIGatewayProxyEventV2WithJWTAuthorizer that API Gateway really sends) so
 * the project does not depend on @types/aws-lambda.
 */
export interface HttpApiEventV2 {
  version: '2.0';
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  cookies?: string[];
  headers: Record<string, string>;
  requestContext: {
    accountId: string;
    apiId: string;
    domainName: string;
    domainPrefix: string;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
    requestId: string;
    routeKey: string;
    stage: string;
    time: string;
    timeEpoch: number;
    authorizer: {
      principalId: string;
      integrationLatency: number;
      /** Claims arrive as strings; scopes are the token's, as every route requires a scope (shared/access-token.ts). */
      jwt: { claims: Record<string, string>; scopes: string[] | null };
    };
  };
  body?: string;
  isBase64Encoded: boolean;
}

export interface LambdaContext {
  callbackWaitsForEmptyEventLoop: boolean;
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  getRemainingTimeInMillis(): number;
  done(): void;
  fail(): void;
  succeed(): void;
}

/** The structured result of a payload-v2 handler. */
export interface HttpApiResultV2 {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  body?: string;
  isBase64Encoded?: boolean;
  cookies?: string[];
}
export interface HttpEventInput {
  /** Always POST for Mixdesk routes; kept as a parameter for negative tests. */
  method?: string;
  /** `/Service/Method` */
  path: string;
  /** Any case; lower-cased here like HTTP API does. Repeated headers are joined with a comma. */
  headers?: Record<string, string | string[] | undefined>;
  /** Raw request body (UTF-8 text). */
  body?: string;
  /** Verified token claims; stringified here like API Gateway does. */
  claims: Record<string, unknown>;
  sourceIp?: string;
  requestId?: string;
  now?: Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12/Mar/2020:19:03:58 +0000`, the requestContext.time format of API Gateway. */
export function apiGatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())} +0000`;
}

/**
 * The JWT authorizer passes claims as strings: numbers become "1700000000", booleans "true",
 * arrays "[a b]" (e.g. cognito:groups). Handlers must not rely on typed claims, so neither do we.
 */
export function stringifyClaims(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out[k] = `[${v.join(' ')}]`;
    else if (typeof v === 'object') out[k] = JSON.stringify(v);
    else out[k] = String(v);
  }
  return out;
}

export function buildHttpEvent(input: HttpEventInput): HttpApiEventV2 {
  const method = (input.method ?? 'POST').toUpperCase();
  const now = input.now ?? new Date();
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(',') : value;
    // HTTP API moves cookies to their own array and drops the header.
    if (key === 'cookie') {
      cookies = joined
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[key] = headers[key] ? `${headers[key]},${joined}` : joined;
  }
  const routeKey = `${method} ${input.path}`;
  const sourceIp = input.sourceIp ?? '127.0.0.1';
  const event: HttpApiEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: input.path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0].split(':')[0],
      http: {
        method,
        path: input.path,
        protocol: 'HTTP/1.1',
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId ?? randomUUID(),
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: {
          claims: stringifyClaims(input.claims),
          scopes: typeof input.claims.scope === 'string' ? input.claims.scope.split(/\s+/).filter(Boolean) : null,
        },
      },
    },
    isBase64Encoded: false,
  };
  if (cookies) event.cookies = cookies;
  if (input.body !== undefined && input.body !== '') event.body = input.body;
  return event;
}

/** A Lambda context good enough for the handlers and Powertools' logger (which reads its function fields). */
export function lambdaContext(functionName: string, timeoutMs = 29_000): LambdaContext {
  const deadline = Date.now() + timeoutMs;
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
