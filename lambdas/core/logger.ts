import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs through Powertools for AWS Lambda: one JSON line per entry, with the Lambda
 * request id, function name and cold start added by the kit's middleware (handler.ts). Only fields
 * chosen by the caller are written: never a whole event, a header map, a body or a token (a test
 * captures a whole sign-in and business run and searches the output for the tokens it used:
 * test/kit/logs-keep-secrets.test.ts).
 *
 * `MIXDESK_LOG_LEVEL=silent` (benches) silences it; otherwise POWERTOOLS_LOG_LEVEL (default INFO).
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'mixdesk',
  logLevel:
    process.env.MIXDESK_LOG_LEVEL === 'silent'
      ? 'SILENT'
      : ((process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | undefined) ?? 'INFO'),
});

type Fields = Record<string, unknown>;

/** Field names whose values are credentials, whatever logged them. */
const SECRET_KEY = /token|password|secret|authorization|credential|cookie/i;
/** A JWT (three base64url segments, the first a JSON header: `eyJ…`) anywhere in a text. */
const JWT = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
/** A value written after a credential word in prose ("password: x", "secret=x", "password is x"). */
const CREDENTIAL_IN_TEXT =
  /\b(password|passwd|pwd|secret|credentials?)(\s*[:=]\s*|\s+(?:is\s+|was\s+)?)("[^"]*"|'[^']*'|\S+)/gi;
export const REDACTED = '[redacted]';

/**
 * The last line of defence: an error message or stack may quote its input (a parser echoing the
 * body, an SDK error quoting a header), so every logged field is scrubbed of credential-named
 * fields and of anything shaped like a JWT before it is written.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(JWT, REDACTED).replace(CREDENTIAL_IN_TEXT, `$1$2${REDACTED}`);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : scrub(v, depth + 1)]),
  );
}

const write = (level: 'info' | 'warn' | 'error') => (message: string, fields?: Fields) => {
  // Read per call, not at import: suites and benches silence a process after loading the kit.
  if (process.env.MIXDESK_LOG_LEVEL === 'silent') return;
  logger[level](scrub(message) as string, (fields ? scrub(fields) : {}) as Fields);
};

/** The call shape the rest of the code uses; Powertools underneath, every field scrubbed. */
export const log = { info: write('info'), warn: write('warn'), error: write('error') };

/** An Error as loggable fields (stack included: it goes to the log, never to the caller). */
export function errorFields(err: unknown) {
  if (err instanceof Error) return { errorName: err.name, errorMessage: err.message, stack: err.stack };
  return { errorMessage: String(err) };
}
