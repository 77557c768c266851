import {
  approveBillInput,
  billIdInput,
  billUploadInput,
  missingBillsInput,
  overrideBillInput,
  recordPaymentInput,
  saveVendorBillInput,
  vendorBillsListInput,
} from './schemas';
import type { BillUploadForm, MissingBillsList, VendorBillsPage, VendorBillView } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * VendorBillsService: vendors' bills against orders, and the payables (docs/vendor-bills.md).
 * Agency staff enter and read bills (as they read orders); overriding a dispute, approving a bill
 * and recording a payment commit the agency's money, so they need MediaPlanApprover, as approving
 * an order does. A bill belongs to its order's account: the item routes take the page's account;
 * the lists are company-wide (the account optional) and filtered by the caller's account access.
 */
export const saveVendorBillRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'SaveVendorBill',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveVendorBillInput,
  reply: replyOf<VendorBillView>,
  summary:
    "Enters or changes a bill of an order's month (not once approved): due date from the vendor's terms, expected amount and reconciliation with the company's tolerance",
});

export const getVendorBillUploadUrlRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'GetVendorBillUploadUrl',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: billUploadInput,
  reply: replyOf<BillUploadForm>,
  summary: "A pre-signed upload of a bill's PDF (checked as a PDF within the size limit when a bill takes it)",
});

export const getVendorBillRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'GetVendorBill',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: billIdInput,
  reply: replyOf<VendorBillView>,
  summary: 'One bill: amounts, expected amount, status and reasons, override, approval, payments and a link to its PDF',
});

export const getVendorBillsListRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'GetVendorBillsList',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: vendorBillsListInput,
  reply: replyOf<VendorBillsPage>,
  summary:
    'Payables of the accounts the caller may open: by pay status (open, overdue, paid), vendor, account, period and due dates, by due date, paginated, with totals',
});

export const getMissingBillsRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'GetMissingBills',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: missingBillsInput,
  reply: replyOf<MissingBillsList>,
  summary: "Months of approved orders with delivery and no bill more than the company's grace days after they ended",
});

export const overrideVendorBillRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'OverrideVendorBill',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: overrideBillInput,
  reply: replyOf<VendorBillView>,
  summary: 'Accepts a disputed bill as matched, with a note (who, when)',
});

export const approveVendorBillRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'ApproveVendorBill',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: approveBillInput,
  reply: replyOf<VendorBillView>,
  summary: 'Approves a matched (or overridden) bill for payment; not by the user who entered it',
});

export const recordVendorPaymentRoute = /* @__PURE__ */ route({
  service: 'VendorBillsService',
  method: 'RecordVendorPayment',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: recordPaymentInput,
  reply: replyOf<VendorBillView>,
  summary: 'Records a payment of an approved bill (partial or full; never above its gross); paid once fully paid',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const VENDOR_BILLS_SERVICE_ROUTES = [
  saveVendorBillRoute,
  getVendorBillUploadUrlRoute,
  getVendorBillRoute,
  getVendorBillsListRoute,
  getMissingBillsRoute,
  overrideVendorBillRoute,
  approveVendorBillRoute,
  recordVendorPaymentRoute,
] as const;
