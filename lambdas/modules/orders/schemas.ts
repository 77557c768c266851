// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import { enum as oneOf, object, optional, type output } from 'zod/mini';
import { id, int, nextToken, pageSize, requiredMultilineText } from '../../shared/schema-fields';

export const ORDER_STATUSES = ['draft', 'approved'] as const;
export const MAX_REVOKE_REASON = 1000;

/** GenerateOrders: the Approved plan version the orders come from. */
export const generateOrdersInput = object({ mediaMixId: id() });

export const orderIdInput = object({ orderId: id() });

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
