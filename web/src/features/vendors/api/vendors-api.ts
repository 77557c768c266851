import type {
  PaymentTermKind,
  PaymentTerms,
  VatTreatment,
  Vendor,
  VendorContact,
  VendorsPage,
} from '@server/modules/vendors/replies';
import type { PlatformId } from '@server/shared/connector-platforms';
import { PLATFORM_IDS } from '@server/shared/connector-platforms';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { PaymentTermKind, PaymentTerms, PlatformId, VatTreatment, Vendor, VendorContact, VendorsPage };
export { PLATFORM_IDS };
export type VendorPayload = RequestOf<'VendorsService', 'SaveVendor'>['vendor'];
export interface VendorsFilter {
  search: string;
  archived: boolean;
}

/**
 * The lists of lambdas/modules/vendors/schemas.ts, repeated here because the screen does not load
 * the schemas (only the dialog does); vendor-form.test.ts keeps them equal.
 */
export const PAYMENT_TERM_KINDS = ['net', 'eom_plus'] as const satisfies readonly PaymentTermKind[];
export const VAT_TREATMENTS = ['local', 'foreign', 'exempt'] as const satisfies readonly VatTreatment[];
export const MAX_CONTACTS = 10;
export const PAGE_SIZE = 50;

/** Vendors are company-wide: no account in the path, so no x-account-id. */
export function fetchVendorsPage(filter: VendorsFilter, nextToken: string | null, signal?: AbortSignal) {
  return callApi('VendorsService', 'GetVendorsList', { ...filter, pageSize: PAGE_SIZE, nextToken }, { signal });
}

export function fetchVendor(vendorId: number, signal?: AbortSignal) {
  return callApi('VendorsService', 'GetVendor', { vendorId }, { signal });
}

export function saveVendor(vendor: VendorPayload) {
  return callApi('VendorsService', 'SaveVendor', { vendor });
}

export function archiveVendor(vendorId: number) {
  return callApi('VendorsService', 'ArchiveVendor', { vendorId });
}

export function restoreVendor(vendorId: number) {
  return callApi('VendorsService', 'RestoreVendor', { vendorId });
}

/** Mails an unconfirmed contact its confirmation link again. */
export function resendConfirmation(vendorId: number, email: string) {
  return callApi('VendorsService', 'ResendContactConfirmation', { vendorId, email });
}
