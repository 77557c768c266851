import { unsubscribePage } from '../domain/unsubscribe';

/**
 * `GET /unsubscribe?t=<token>` (lambdas/jobs/job-handlers.ts UNSUBSCRIBE_HANDLER): the API's one route
 * without the JWT authorizer — the HMAC-signed token is the authority (domain/unsubscribe-token.ts).
 * Payload v2 event in, an HTML page out; nothing of the request but the token is read.
 */
interface UnsubscribeEvent {
  queryStringParameters?: Record<string, string | undefined> | null;
}

export const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
};

export const handler = async (event: UnsubscribeEvent): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> => {
  const token = event.queryStringParameters?.t;
  const page = await unsubscribePage(typeof token === 'string' ? token.slice(0, 1000) : undefined);
  return { statusCode: page.status, headers: HTML_HEADERS, body: page.html };
};
