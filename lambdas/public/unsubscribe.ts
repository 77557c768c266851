import { confirmRecipientPage, unsubscribePage } from '../modules/reports/unsubscribe';
import { CONFIRM_RECIPIENT_PATH } from '../jobs/job-handlers';
import { pageHeaders } from './page-headers';

/**
 * `GET /unsubscribe?t=<token>` and `GET|POST /confirm-recipient?t=<token>` (lambdas/jobs/job-handlers.ts
 * UNSUBSCRIBE_HANDLER): public routes without the JWT authorizer, as the contact confirmation and the
 * order acceptance are — the HMAC-signed token is the authority (modules/reports/unsubscribe-token.ts).
 * Payload v2 event in, an HTML page out; nothing of the request but the token and the page's
 * language (`l`) is read.
 */
interface UnsubscribeEvent {
  queryStringParameters?: Record<string, string | undefined> | null;
  /** `/unsubscribe` (GET) or `/confirm-recipient` (GET asks, POST confirms); absent: unsubscribe. */
  rawPath?: string;
  requestContext?: { http?: { method?: string } };
}

export const HTML_HEADERS = pageHeaders();

export const handler = async (
  event: UnsubscribeEvent,
): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> => {
  const raw = event.queryStringParameters?.t;
  const token = typeof raw === 'string' ? raw.slice(0, 1000) : undefined;
  // The page's language (unsigned: it chooses words, nothing else).
  const hint = event.queryStringParameters?.l?.slice(0, 5);
  const page = event.rawPath?.endsWith(CONFIRM_RECIPIENT_PATH)
    ? await confirmRecipientPage(token, event.requestContext?.http?.method === 'POST' ? 'POST' : 'GET', undefined, hint)
    : await unsubscribePage(token, hint);
  return { statusCode: page.status, headers: HTML_HEADERS, body: page.html };
};
