import type {
  GenerateOrdersReply,
  OrderLineDiff,
  OrderSummary,
  OrdersPage,
  OrderStatus,
  OrderView,
  SendOrderReply,
} from '@server/modules/orders/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { GenerateOrdersReply, OrderLineDiff, OrderSummary, OrdersPage, OrderStatus, OrderView, SendOrderReply };
export type SendOrderInput = RequestOf<'OrdersService', 'SendOrder'>;
export type OrdersFilter = Omit<RequestOf<'OrdersService', 'GetOrdersList'>, 'pageSize' | 'nextToken'>;

export const PAGE_SIZE = 50;

/** The list is company-wide; a plan's orders name its page's account (x-account-id). */
export function fetchOrdersPage(
  filter: OrdersFilter,
  accountId: number | null,
  nextToken: string | null,
  signal?: AbortSignal,
) {
  return callApi(
    'OrdersService',
    'GetOrdersList',
    { ...filter, pageSize: PAGE_SIZE, nextToken },
    { signal, accountId },
  );
}

export function fetchOrder(accountId: number, orderId: number, signal?: AbortSignal) {
  return callApi('OrdersService', 'GetOrder', { orderId }, { signal, accountId });
}

export function generateOrders(accountId: number, mediaMixId: number) {
  return callApi('OrdersService', 'GenerateOrders', { mediaMixId }, { accountId });
}

export function approveOrder(accountId: number, order: Pick<OrderView, 'ID' | 'version'>) {
  return callApi('OrdersService', 'ApproveOrder', { orderId: order.ID, version: order.version }, { accountId });
}

export function revokeOrder(accountId: number, order: Pick<OrderView, 'ID' | 'version'>, reason: string) {
  return callApi('OrdersService', 'RevokeOrder', { orderId: order.ID, version: order.version, reason }, { accountId });
}

/** GetOrderDocument: the PDF or Excel of the latest send, as stored (lib/download.ts saves it). */
export function orderDocument(accountId: number, orderId: number, format: 'pdf' | 'xlsx') {
  return callApi('OrdersService', 'GetOrderDocument', { orderId, format }, { accountId });
}

/** SendOrder: the approved order to the vendor's confirmed contacts (the server checks them again). */
export function sendOrder(accountId: number, input: SendOrderInput) {
  return callApi('OrdersService', 'SendOrder', input, { accountId });
}

/** The order's vendor, for its confirmed contacts (GetVendor: agency staff read vendors). */
export function fetchVendor(vendorId: number, signal?: AbortSignal) {
  return callApi('VendorsService', 'GetVendor', { vendorId }, { signal });
}

/** An order's screen (this feature's route). */
export const orderPath = (o: Pick<OrderSummary, 'AccountId' | 'ID'>) => `/orders/${o.AccountId}/${o.ID}/detail`;

/** GetOrderDocument 'offline': the vendor's signed copy as recorded (the server checks its SHA-256). */
export function signedCopy(accountId: number, orderId: number) {
  return callApi('OrdersService', 'GetOrderDocument', { orderId, format: 'offline' }, { accountId });
}

export type SignedCopyType = RequestOf<'OrdersService', 'GetOfflineAcceptanceUploadUrl'>['contentType'];

/** The upload form of a signed copy (GetOfflineAcceptanceUploadUrl), then the record of the uploaded file. */
export function signedCopyUploadUrl(accountId: number, orderId: number, contentType: SignedCopyType, size: number) {
  return callApi('OrdersService', 'GetOfflineAcceptanceUploadUrl', { orderId, contentType, size }, { accountId });
}

export function recordSignedCopy(accountId: number, orderId: number, uploadKey: string) {
  return callApi('OrdersService', 'RecordOfflineAcceptance', { orderId, uploadKey }, { accountId });
}
