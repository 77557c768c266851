// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import { array, maxLength, minLength, enum as oneOf, object, optional, type output } from 'zod/mini';
import { LOCALES } from '../../shared/locales';
import { email, id, int, multilineText, nextToken, pageSize, requiredMultilineText } from '../../shared/schema-fields';

export const ORDER_STATUSES = ['draft', 'approved'] as const;
export const MAX_REVOKE_REASON = 1000;

/** GenerateOrders: the Approved plan version the orders come from. */
export const generateOrdersInput = object({ mediaMixId: id() });

export const orderIdInput = object({ orderId: id() });

/** GetOrderDocument: which document of the latest send, the PDF or the workbook. */
export const getOrderDocumentInput = object({ orderId: id(), format: oneOf(['pdf', 'xlsx']) });

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
