import type {
  BillReason,
  MissingBillView,
  PayablesTotal,
  PayStatus,
  VendorBillSummary,
  VendorBillsPage,
  VendorBillView,
} from '@server/modules/vendor-bills/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';
import { PAGE_SIZE } from './first-page';

export type {
  BillReason,
  MissingBillView,
  PayablesTotal,
  PayStatus,
  VendorBillSummary,
  VendorBillsPage,
  VendorBillView,
};
export type PayablesFilter = Omit<RequestOf<'VendorBillsService', 'GetVendorBillsList'>, 'pageSize' | 'nextToken'>;
export type BillInput = RequestOf<'VendorBillsService', 'SaveVendorBill'>['vendorBill'];

/** The export reads every page at this size. */
export const EXPORT_PAGE_SIZE = 500;

/** The payables are company-wide (filtered by the user's accounts on the server). */
export function fetchPayablesPage(
  filter: PayablesFilter,
  nextToken: string | null,
  signal?: AbortSignal,
  pageSize = PAGE_SIZE,
) {
  return callApi('VendorBillsService', 'GetVendorBillsList', { ...filter, pageSize, nextToken }, { signal });
}

/** Every bill the filters keep, page after page (the exports). */
export async function fetchAllPayables(filter: PayablesFilter): Promise<VendorBillSummary[]> {
  const rows: VendorBillSummary[] = [];
  let token: string | null = null;
  do {
    const page: VendorBillsPage = await fetchPayablesPage(filter, token, undefined, EXPORT_PAGE_SIZE);
    rows.push(...page.Items);
    token = page.NextToken;
  } while (token);
  return rows;
}

export function fetchMissingBills(signal?: AbortSignal) {
  return callApi('VendorBillsService', 'GetMissingBills', {}, { signal });
}

export function fetchBill(accountId: number, billId: number, signal?: AbortSignal) {
  return callApi('VendorBillsService', 'GetVendorBill', { billId }, { signal, accountId });
}

/** The order a bill is entered against: its months and currency (OrdersService, read through the API). */
export function fetchOrder(accountId: number, orderId: number, signal?: AbortSignal) {
  return callApi('OrdersService', 'GetOrder', { orderId }, { signal, accountId });
}

export function saveBill(accountId: number, vendorBill: BillInput) {
  return callApi('VendorBillsService', 'SaveVendorBill', { vendorBill }, { accountId });
}

export function billUploadUrl(accountId: number, file: { name: string; size: number }) {
  return callApi(
    'VendorBillsService',
    'GetVendorBillUploadUrl',
    { fileName: file.name, size: file.size },
    { accountId },
  );
}

type BillRef = Pick<VendorBillView, 'ID' | 'AccountId' | 'version'>;

export function overrideBill(b: BillRef, note: string) {
  return callApi(
    'VendorBillsService',
    'OverrideVendorBill',
    { billId: b.ID, version: b.version, note },
    { accountId: b.AccountId },
  );
}

export function approveBill(b: BillRef) {
  return callApi(
    'VendorBillsService',
    'ApproveVendorBill',
    { billId: b.ID, version: b.version },
    { accountId: b.AccountId },
  );
}

export function recordPayment(b: BillRef, payment: { date: string; amount: number }) {
  return callApi(
    'VendorBillsService',
    'RecordVendorPayment',
    { billId: b.ID, version: b.version, ...payment },
    { accountId: b.AccountId },
  );
}
