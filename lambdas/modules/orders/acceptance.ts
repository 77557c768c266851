import { ConflictError } from '../../core/errors';
import { log } from '../../core/logger';
import { readLink } from '../../core/signed-link';
import { linkKey } from '../../aws/link-key';
import { isLocale, type Locale } from '../../shared/locales';
import { getCompany } from '../tenancy';
import { noticeToBuyer } from './buyer-notice';
import type { OrderFiles } from './order-files';
import { orderFiles } from './order-files.s3';
import { offlineIsCurrent, sendIsCurrent } from './order-views';
import { stale } from './order-versioning';
import { ORDER_LINK } from './send-link';
import type { Order, OrderDecision, OrderSend } from './store';
import { getOrder, replaceOrder } from './store.dynamodb';

/**
 * The public page of a sent order (docs/buy-side.md "Sending and acceptance"). The signed link
 * names the company, the order, the send's nonce and the contact's address; it opens the order
 * while it is not expired, the order is still approved at the version sent and no newer send
 * replaced it. One decision per send: accepted (with the name the contact typed) or rejected (with
 * a reason), recorded with the address, the time, the request's source IP and the SHA-256 of the
 * PDF sent; a second one is refused and shows the first. Once a signed copy of the version sent is
 * recorded (offline acceptance) the link opens no form: the order is accepted.
 */
export type LinkRefusal = 'invalid' | 'expired' | 'outdated' | 'signed';

export interface OpenLink {
  companyId: number;
  order: Order;
  send: OrderSend;
  /** The contact's address the link was mailed to. */
  contact: string;
}

export type Opened = { ok: true; link: OpenLink } | { ok: false; why: LinkRefusal; lang?: Locale };

export const MAX_TYPED_NAME = 200;
export const MAX_REJECT_REASON = 1000;

/** What a token opens, or why not (with the send's language when the token names a real one). */
export async function openOrderLink(token: string | undefined, now: Date): Promise<Opened> {
  const read = readLink(await linkKey(), ORDER_LINK, token, now);
  if (!read.ok && read.why === 'invalid') return { ok: false, why: 'invalid' };
  const fields = read.fields ?? [];
  const [companyText, orderText, nonce, contact] = fields;
  const companyId = Number(companyText);
  const orderId = Number(orderText);
  if (fields.length !== 4 || !Number.isSafeInteger(companyId) || !Number.isSafeInteger(orderId))
    return { ok: false, why: 'invalid' };
  const order = await getOrder(companyId, orderId, true);
  const send = order?.Send;
  const lang = send && isLocale(send.Language) ? send.Language : await companyLanguage(companyId);
  if (!read.ok) return { ok: false, why: 'expired', lang };
  if (!order || !send || send.Nonce !== nonce || !sendIsCurrent(order, send) || !send.Recipients.includes(contact))
    return { ok: false, why: 'outdated', lang };
  // A signed copy recorded for this version accepts the order: the link no longer asks for a decision.
  if (!send.Decision && order.Offline && offlineIsCurrent(order, order.Offline))
    return { ok: false, why: 'signed', lang };
  return { ok: true, link: { companyId, order, send, contact } };
}

async function companyLanguage(companyId: number): Promise<Locale | undefined> {
  const company = await getCompany(companyId);
  return isLocale(company?.DefaultLocale) ? company.DefaultLocale : undefined;
}

export type DecisionInput = { decision: 'accept'; typedName: string } | { decision: 'reject'; reason: string };

export type DecideOutcome =
  | { outcome: 'decided'; link: OpenLink; decision: OrderDecision; first: boolean }
  | { outcome: 'refused'; why: LinkRefusal; lang?: Locale };

/** Letters, marks, digits, spaces and the punctuation of names; no control or direction characters. */
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** The form's fields checked: the typed name (accept) or the reason (reject); undefined when missing or too long. */
export function decisionInput(form: URLSearchParams): DecisionInput | { missing: 'name' | 'reason' } {
  const clean = (v: string | null, max: number) => {
    const s = (v ?? '').trim();
    return s && s.length <= max && !HIDDEN.test(s.replace(/\r?\n/g, ' ')) ? s : undefined;
  };
  if (form.get('decision') === 'accept') {
    const typedName = clean(form.get('typedName'), MAX_TYPED_NAME);
    return typedName ? { decision: 'accept', typedName } : { missing: 'name' };
  }
  const reason = clean(form.get('reason'), MAX_REJECT_REASON);
  return reason ? { decision: 'reject', reason } : { missing: 'reason' };
}

/**
 * Records the contact's decision once. A send already decided answers its first decision
 * (`first` false) and writes nothing; a write that lost a race reads the order again once.
 */
export async function decideOrder(
  token: string | undefined,
  input: DecisionInput,
  ip: string,
  now = new Date(),
  attempt = 1,
): Promise<DecideOutcome> {
  const opened = await openOrderLink(token, now);
  if (!opened.ok) return { outcome: 'refused', why: opened.why, lang: opened.lang };
  const { link } = opened;
  if (link.send.Decision) return { outcome: 'decided', link, decision: link.send.Decision, first: false };
  const decision: OrderDecision = {
    Kind: input.decision === 'accept' ? 'accepted' : 'rejected',
    By: link.contact,
    TypedName: input.decision === 'accept' ? input.typedName : null,
    Reason: input.decision === 'reject' ? input.reason : null,
    At: now.toISOString(),
    Ip: ip.slice(0, 64),
    DocumentSha256: link.send.PdfSha256,
  };
  const before = link.order;
  const after: Order = {
    ...before,
    Send: { ...link.send, Decision: decision },
    version: before.version + 1,
    updatedAt: decision.At,
    updatedBy: link.contact,
  };
  try {
    await replaceOrder(link.companyId, before, after, 'decide', stale());
  } catch (err) {
    if (err instanceof ConflictError && attempt === 1) return decideOrder(token, input, ip, now, 2);
    throw err;
  }
  await noticeToBuyer(link.companyId, after, after.Send!);
  log.info('orders: the vendor answered an order', {
    companyId: link.companyId,
    orderId: before.ID,
    kind: decision.Kind,
  });
  return { outcome: 'decided', link: { ...link, order: after, send: after.Send! }, decision, first: true };
}

/** A document of the link's send, while the link opens the order. */
export async function linkFile(
  link: OpenLink,
  kind: 'pdf' | 'xlsx',
  files: OrderFiles = orderFiles,
): Promise<Uint8Array | undefined> {
  return files.read(kind === 'pdf' ? link.send.PdfKey : link.send.XlsxKey);
}
