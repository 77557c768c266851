import {
  decideOrder,
  decisionInput,
  linkFile,
  openOrderLink,
  orderNumber,
  orderPage,
  pageFacts,
  refusalPage,
  SEND_WORDS,
} from '../modules/orders';
import { pageHeaders } from './page-headers';

/**
 * `GET|POST /order-acceptance?t=<token>` (docs/buy-side.md "Sending and acceptance"): the vendor's
 * contact sees a sent order and accepts or rejects it. Without the JWT authorizer: the signed,
 * expiring token (core/signed-link.ts) is the authority and names one company, order, send and
 * address. GET shows the order (and, with `file=pdf|xlsx`, downloads the document sent); POST (a
 * form: decision=accept&typedName=… or decision=reject&reason=…) records the decision, once.
 * Answers: 200; 400 a forged token or a form without its name or reason; 404 a link outdated by a
 * newer send, a revoke or a new version; 409 a second decision; 410 an expired link.
 */
interface AcceptanceEvent {
  queryStringParameters?: Record<string, string | undefined> | null;
  requestContext?: { http?: { method?: string; sourceIp?: string } };
  body?: string | null;
  isBase64Encoded?: boolean;
}

interface Reply {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

const HEADERS = pageHeaders('data');

const STATUS = { invalid: 400, outdated: 404, expired: 410, decided: 409, signed: 409 } as const;
/** A form is a few fields: a longer body is not one of ours. */
const MAX_FORM = 8 * 1024;

const page = (statusCode: number, body: string): Reply => ({ statusCode, headers: HEADERS, body });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function get(token: string | undefined, file: string | undefined): Promise<Reply> {
  const opened = await openOrderLink(token, new Date());
  if (!opened.ok) return page(STATUS[opened.why], refusalPage(opened.why, opened.lang));
  const { link } = opened;
  if (file === 'pdf' || file === 'xlsx') {
    const bytes = await linkFile(link, file);
    if (!bytes) return page(404, refusalPage('outdated', link.send.Language));
    return {
      statusCode: 200,
      headers: {
        'content-type': file === 'pdf' ? 'application/pdf' : XLSX,
        'content-disposition': `attachment; filename="${orderNumber(link.order)}.${file}"`,
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex',
      },
      body: Buffer.from(bytes).toString('base64'),
      isBase64Encoded: true,
    };
  }
  return page(200, orderPage(link, await pageFacts(link), token!));
}

async function post(token: string | undefined, event: AcceptanceEvent): Promise<Reply> {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  const input = decisionInput(new URLSearchParams(text.length <= MAX_FORM ? text : ''));
  if ('missing' in input) {
    const opened = await openOrderLink(token, new Date());
    if (!opened.ok) return page(STATUS[opened.why], refusalPage(opened.why, opened.lang));
    const w = SEND_WORDS[opened.link.send.Language];
    const message = input.missing === 'name' ? w.missingName : w.missingReason;
    return page(400, orderPage(opened.link, await pageFacts(opened.link), token!, message));
  }
  const ip = event.requestContext?.http?.sourceIp ?? '';
  const r = await decideOrder(token, input, ip);
  if (r.outcome === 'refused') return page(STATUS[r.why], refusalPage(r.why, r.lang));
  const facts = await pageFacts(r.link);
  if (!r.first) return page(409, orderPage(r.link, facts, token!, SEND_WORDS[r.link.send.Language].decided));
  return page(200, orderPage(r.link, facts, token!));
}

export const handler = async (event: AcceptanceEvent): Promise<Reply> => {
  const q = event.queryStringParameters ?? {};
  const token = typeof q.t === 'string' ? q.t.slice(0, 1000) : undefined;
  return event.requestContext?.http?.method === 'POST' ? post(token, event) : get(token, q.file);
};
