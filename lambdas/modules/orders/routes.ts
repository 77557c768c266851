import {
  approveOrderInput,
  generateOrdersInput,
  getOrderDocumentInput,
  getOrdersList,
  offlineUploadInput,
  orderIdInput,
  recordOfflineInput,
  revokeOrderInput,
  sendOrderInput,
} from './schemas';
import type { GenerateOrdersReply, OfflineUploadForm, OrdersPage, OrderView, SendOrderReply } from './replies';
import type { ExportedFile } from '../media-plans/replies/plans';
import { replyOf, route } from '../../kit/route';

/**
 * OrdersService: a vendor's media order from an approved plan version (docs/buy-side.md). Reads
 * and GenerateOrders for agency staff (the planners who make the plan); approving and revoking an
 * order locks or unlocks what the agency commits to pay a vendor, so it needs MediaPlanApprover,
 * as approving the plan does. An order belongs to its activity's account: the item routes take the
 * page's account (x-account-id); the list is company-wide (the account optional, checked when sent)
 * and filtered on the server by the caller's account access.
 */
export const generateOrdersRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'GenerateOrders',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: generateOrdersInput,
  reply: replyOf<GenerateOrdersReply>,
  summary:
    "One order per vendor from an Approved version's live lines: creates it (Version 1, draft) or refreshes its draft; an approved order is left as it is; lines without a vendor are answered, not ordered. Idempotent",
});

export const getOrdersListRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'GetOrdersList',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: getOrdersList,
  reply: replyOf<OrdersPage>,
  summary:
    'Orders of the accounts the caller may open (of the page account when sent), by plan version, activity, vendor or status, newest first, paginated',
});

export const getOrderRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'GetOrder',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: orderIdInput,
  reply: replyOf<OrderView>,
  summary:
    "One order: vendor, lines with their months' amounts in the vendor's currency, period totals, history, and how the activity's latest approved version differs for its lines",
});

export const approveOrderRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'ApproveOrder',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: approveOrderInput,
  reply: replyOf<OrderView>,
  summary: 'Locks a draft order (approved: who, when); approved again after a revoke it becomes version N + 1',
});

export const revokeOrderRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'RevokeOrder',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: revokeOrderInput,
  reply: replyOf<OrderView>,
  summary: 'Unlocks an approved order (draft again, with the reason; its approval stays in the history)',
});

export const sendOrderRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'SendOrder',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: sendOrderInput,
  reply: replyOf<SendOrderReply>,
  summary:
    "Sends an approved order to its vendor's confirmed contacts: PDF and Excel stored, the send recorded (who, when, recipients, SHA-256, a 14-day link), each contact mailed a signed link to accept or reject it",
});

export const getOrderDocumentRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'GetOrderDocument',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: getOrderDocumentInput,
  reply: replyOf<ExportedFile>,
  summary:
    "The PDF or Excel of the order's latest send, as the vendor received it (base64), or the vendor's signed copy ('offline'): its SHA-256 checked against the recorded one, a changed or missing file refused; 404 when never sent or never signed",
});

export const getOfflineAcceptanceUploadUrlRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'GetOfflineAcceptanceUploadUrl',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: offlineUploadInput,
  reply: replyOf<OfflineUploadForm>,
  summary:
    "A pre-signed upload of the vendor's signed copy of an approved order not yet accepted (PDF, PNG or JPEG, at most 10 MB; its content is checked when recorded)",
});

export const recordOfflineAcceptanceRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'RecordOfflineAcceptance',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: recordOfflineInput,
  reply: replyOf<OrderView>,
  summary:
    "Records the uploaded signed copy as the vendor's acceptance of the order's current version: its content checked against the declared type and the limit, kept under its SHA-256, who and when recorded; audited",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const ORDERS_SERVICE_ROUTES = [
  generateOrdersRoute,
  getOrdersListRoute,
  getOrderRoute,
  approveOrderRoute,
  revokeOrderRoute,
  sendOrderRoute,
  getOrderDocumentRoute,
  getOfflineAcceptanceUploadUrlRoute,
  recordOfflineAcceptanceRoute,
] as const;
