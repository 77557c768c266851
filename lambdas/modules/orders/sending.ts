import { randomBytes } from 'node:crypto';
import { AppError, ConflictError, ValidationError } from '../../core/errors';
import { log } from '../../core/logger';
import { signLink } from '../../core/signed-link';
import { linkKey } from '../../aws/link-key';
import { mailerFromEnv, type Mailer } from '../../aws/ses-mailer';
import { isLocale, type Locale } from '../../shared/locales';
import { getActivity } from '../activities';
import { companyLogo } from '../configurations';
import { getAccount, getCompany, type UserProfile } from '../tenancy';
import { getVendor, type Vendor } from '../vendors';
import { insertionOrderPdf, insertionOrderXlsx, sha256Hex } from './io-document';
import { orderDocument, orderNumber } from './order-document';
import type { OrderFiles } from './order-files';
import { orderFiles } from './order-files.s3';
import { stale } from './order-versioning';
import { loadOrderInScope, viewOf } from './orders';
import type { SendOrderReply } from './replies';
import type { SendOrderInput } from './schemas';
import { vendorMail } from './send-mail';
import type { Order, OrderSend } from './store';
import { replaceOrder } from './store.dynamodb';
import { LINK_DAYS, ORDER_LINK } from './send-link';

/**
 * SendOrder (docs/buy-side.md "Sending and acceptance"): an approved order goes to the vendor's
 * confirmed contacts as a PDF and a workbook, both stored under the company; the order records the
 * send (who, when, to whom, the documents' SHA-256, the links' expiry and a random nonce the links
 * name, so a newer send, a revoke or a new version outdates them); each contact is mailed a signed
 * link to the public page, with the PDF attached. Every refusal comes before anything is written.
 */

export interface SendDeps {
  mailer?: Mailer;
  pageUrl?: string;
  files?: OrderFiles;
  now?: Date;
}

/** The vendor's confirmed contacts named, in the order given; 400 naming the first that is not one. */
export function confirmedRecipients(vendor: Pick<Vendor, 'Contacts'>, emails: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of emails) {
    const c = vendor.Contacts.find((x) => x.Email.toLowerCase() === e.toLowerCase());
    if (!c?.Confirmed)
      throw new ValidationError(
        `contactEmails: ${e} is not a confirmed contact of the vendor`,
        'CONTACT_NOT_CONFIRMED',
        {
          field: 'contactEmails',
          email: e,
        },
      );
    if (!out.includes(c.Email)) out.push(c.Email);
  }
  return out;
}

/** The order as sent: approved, at the row version the caller read. */
function requireSendable(o: Order, read: number): void {
  if (o.version !== read) throw stale();
  if (o.Status !== 'approved')
    throw new ConflictError(`Order ${o.ID} is not approved; approve it first`, 'ORDER_NOT_APPROVED', { id: o.ID });
}

/** The document of the order in `language`, rendered both ways. */
async function renderDocuments(
  companyId: number,
  o: Order,
  vendor: Vendor,
  language: Locale,
  input: SendOrderInput,
  now: Date,
) {
  const [company, logo, account, activity] = await Promise.all([
    getCompany(companyId),
    companyLogo(companyId),
    getAccount(companyId, o.AccountId),
    getActivity(companyId, o.ActivityId),
  ]);
  const doc = orderDocument(o, {
    language,
    agencyName: company?.Name ?? '',
    logo,
    vendor,
    account,
    activity,
    instructions: input.instructions?.trim() || null,
    date: now.toISOString().slice(0, 10),
  });
  const [pdf, xlsx] = await Promise.all([insertionOrderPdf(doc), insertionOrderXlsx(doc)]);
  return { company, logo, pdf, xlsx };
}

/** OrdersService.SendOrder. */
export async function sendOrderFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: SendOrderInput,
  deps: SendDeps = {},
): Promise<SendOrderReply> {
  const now = deps.now ?? new Date();
  const before = await loadOrderInScope(caller, scopeAccountId, input.orderId);
  requireSendable(before, input.version);
  const vendor = await getVendor(caller.companyId, before.VendorId, true);
  if (!vendor) throw stale();
  const recipients = confirmedRecipients(vendor, input.contactEmails);
  const mailer = deps.mailer ?? mailerFromEnv();
  const pageUrl = deps.pageUrl ?? process.env.ORDER_ACCEPT_URL;
  if (!mailer || !pageUrl)
    throw new AppError(503, 'This stage sends no mail; nothing was sent or recorded', 'MAIL_NOT_CONFIGURED');
  const company = await getCompany(caller.companyId);
  const language: Locale = input.language ?? (isLocale(company?.DefaultLocale) ? company.DefaultLocale : 'en');
  const rendered = await renderDocuments(caller.companyId, before, vendor, language, input, now);
  const files = deps.files ?? orderFiles;
  const nonce = randomBytes(12).toString('base64url');
  const send: OrderSend = {
    Nonce: nonce,
    OrderVersion: before.Version,
    SentAt: now.toISOString(),
    SentBy: caller.email,
    SentBySub: caller.sub,
    Recipients: recipients,
    Language: language,
    Instructions: input.instructions?.trim() || null,
    PdfKey: files.keyOf(caller.companyId, before.ID, nonce, 'pdf'),
    XlsxKey: files.keyOf(caller.companyId, before.ID, nonce, 'xlsx'),
    PdfSha256: sha256Hex(rendered.pdf),
    XlsxSha256: sha256Hex(rendered.xlsx),
    ExpiresAt: new Date(now.getTime() + LINK_DAYS * 86_400_000).toISOString(),
    Decision: null,
  };
  // The files first: a send recorded is one whose documents exist. A refusal of the write (the
  // order changed meanwhile) or a failed second file takes them away again: a refusal keeps nothing.
  const stored = await storeDocuments(files, send, rendered);
  const after: Order = {
    ...before,
    Send: send,
    version: before.version + 1,
    updatedAt: send.SentAt,
    updatedBy: caller.email,
  };
  await replaceOrder(caller.companyId, before, after, 'send', stale()).catch(async (err: unknown) => {
    await removeDocuments(files, stored);
    throw err;
  });
  const mailed = await mailContacts(caller.companyId, after, send, { mailer, pageUrl, rendered, vendor });
  return {
    Order: await viewOf(caller.companyId, after),
    Mailed: mailed,
    NotMailed: recipients.filter((r) => !mailed.includes(r)),
  };
}

/** The send's PDF and workbook, stored; the keys stored, or none when one failed (the other removed). */
async function storeDocuments(
  files: OrderFiles,
  send: OrderSend,
  rendered: { pdf: Uint8Array; xlsx: Uint8Array },
): Promise<string[]> {
  const documents = [
    [send.PdfKey, rendered.pdf, 'application/pdf'],
    [send.XlsxKey, rendered.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const;
  const stored: string[] = [];
  for (const [key, bytes, type] of documents) {
    try {
      await files.put(key, new Uint8Array(bytes), type);
    } catch (err) {
      await removeDocuments(files, stored);
      throw err;
    }
    stored.push(key);
  }
  return stored;
}

/** Best effort: a file left behind is named by no order, and logged. */
async function removeDocuments(files: OrderFiles, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await files
      .remove(key)
      .catch((err: unknown) =>
        log.warn('orders: a send file could not be removed after a refusal', { key, why: (err as Error).message }),
      );
}

/** Each recipient its own link (the address is signed in it); a failed mail is logged and answered, the send stays. */
async function mailContacts(
  companyId: number,
  o: Order,
  send: OrderSend,
  x: { mailer: Mailer; pageUrl: string; rendered: Awaited<ReturnType<typeof renderDocuments>>; vendor: Vendor },
): Promise<string[]> {
  const key = await linkKey();
  const number = orderNumber(o);
  const mailed: string[] = [];
  for (const to of send.Recipients) {
    const token = signLink(
      key,
      ORDER_LINK,
      [String(companyId), String(o.ID), send.Nonce, to],
      new Date(send.ExpiresAt),
    );
    const link = `${x.pageUrl}${x.pageUrl.includes('?') ? '&' : '?'}t=${token}`;
    try {
      await x.mailer.send(
        vendorMail({
          lang: send.Language,
          to,
          agency: x.rendered.company?.Name ?? '',
          vendor: x.vendor.Name,
          number,
          instructions: send.Instructions,
          link,
          days: LINK_DAYS,
          pdf: x.rendered.pdf,
          logo: x.rendered.logo,
        }),
      );
      mailed.push(to);
    } catch (err) {
      log.warn('orders: a send mail failed', { companyId, orderId: o.ID, why: (err as Error).message });
    }
  }
  return mailed;
}
