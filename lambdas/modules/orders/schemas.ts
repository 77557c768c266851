// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import { array, maxLength, minLength, enum as oneOf, object, optional, type output } from 'zod/mini';
import { LOCALES } from '../../shared/locales';
import {
  email,
  id,
  int,
  matches,
  multilineText,
  nextToken,
  pageSize,
  requiredMultilineText,
  rule,
  text,
} from '../../shared/schema-fields';

export const ORDER_STATUSES = ['draft', 'approved'] as const;
export const MAX_REVOKE_REASON = 1000;

/** GenerateOrders: the Approved plan version the orders come from. */
export const generateOrdersInput = object({ mediaMixId: id() });

export const orderIdInput = object({ orderId: id() });

/** GetOrderDocument: the PDF or the workbook of the latest send, or the vendor's signed copy ('offline'). */
export const getOrderDocumentInput = object({ orderId: id(), format: oneOf(['pdf', 'xlsx', 'offline']) });

export type GetOrderDocumentInput = output<typeof getOrderDocumentInput>;

/** ApproveOrder: the order's row version the caller read (optimistic concurrency). */
export const approveOrderInput = object({ orderId: id(), version: int() });

export const revokeOrderInput = object({
  orderId: id(),
  version: int(),
  reason: requiredMultilineText(MAX_REVOKE_REASON),
});

/**
 * GetOrdersList: every filter optional (none: company-wide, the accounts the caller may open).
 * mediaMixId: the orders made from that plan version; activityId: the plan's orders.
 */
export const getOrdersList = object({
  mediaMixId: optional(id()),
  activityId: optional(id()),
  vendorId: optional(id()),
  status: optional(oneOf(ORDER_STATUSES)),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export type GetOrdersListInput = output<typeof getOrdersList>;

export const MAX_INSTRUCTIONS = 2000;
export const MAX_SEND_CONTACTS = 20;

/**
 * SendOrder: the approved order, the vendor's confirmed contacts to mail (by address), optional
 * instructions (plain text, shown as data in the mail and on the page) and the document's language
 * (default: the company's).
 */
export const sendOrderInput = object({
  orderId: id(),
  version: int(),
  contactEmails: array(email(), { error: 'must be a list of addresses' }).check(
    minLength(1),
    maxLength(MAX_SEND_CONTACTS),
  ),
  instructions: optional(multilineText(MAX_INSTRUCTIONS)),
  language: optional(oneOf(LOCALES)),
});

export type SendOrderInput = output<typeof sendOrderInput>;

/** The vendor's signed copy (docs/buy-side.md "Offline acceptance"): a scan or a signed PDF. */
export const OFFLINE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type OfflineFileType = (typeof OFFLINE_FILE_TYPES)[number];
/** The most a signed copy may weigh: a few scanned pages. */
export const MAX_OFFLINE_FILE_BYTES = 10 * 1024 * 1024;
/** Where a signed copy waits until it is recorded (expired after a day by the bucket's uploads/ rule). */
export const OFFLINE_UPLOAD_PREFIX = 'uploads/orders/';
/** uploads/orders/<company>/<order>/<n>.<pdf|png|jpeg>: ids and the declared type only, never a file name. */
export const OFFLINE_UPLOAD_KEY = /^uploads\/orders\/\d{1,10}\/\d{1,10}\/\d{1,10}\.(pdf|png|jpeg)$/;

/** GetOfflineAcceptanceUploadUrl: the approved order and what the browser says of the file (checked when recorded). */
export const offlineUploadInput = object({
  orderId: id(),
  contentType: oneOf(OFFLINE_FILE_TYPES),
  size: int().check(
    rule((n: number) => n >= 1 && n <= 2_000_000_000, 'WHOLE_BETWEEN', { low: 1, limit: 2_000_000_000 }),
  ),
});

/** RecordOfflineAcceptance: the order and the upload key GetOfflineAcceptanceUploadUrl answered. */
export const recordOfflineInput = object({
  orderId: id(),
  uploadKey: text(80).check(matches(OFFLINE_UPLOAD_KEY, 'INVALID')),
});

export type OfflineUploadInput = output<typeof offlineUploadInput>;
export type RecordOfflineInput = output<typeof recordOfflineInput>;
