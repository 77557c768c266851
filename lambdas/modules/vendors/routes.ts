import { getVendorsList, saveVendor, vendorIdInput } from './schemas';
import type { Vendor, VendorsPage } from './replies';
import { resendContactConfirmation } from './contact-schemas';
import type { ContactConfirmationSent } from './contact-replies';
import { replyOf, route } from '../../kit/route';

/**
 * VendorsService: the media owners and platforms the agency buys from, company-wide reference data.
 * Reads for agency staff (a plan or bill names its vendor); writes need GeneralSettings, like the
 * exchange rates and templates (docs/domain.md, "Vendors"). accountScope 'optional': vendors belong
 * to the company, but when the page names its account (x-account-id) the kit checks it.
 */
export const getVendorsListRoute = /* @__PURE__ */ route({
  service: 'VendorsService',
  method: 'GetVendorsList',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: getVendorsList,
  reply: replyOf<VendorsPage>,
  summary:
    "The company's active vendors (archived: true, the archived ones) by name, filtered by part of the name, paginated",
});

export const getVendorRoute = /* @__PURE__ */ route({
  service: 'VendorsService',
  method: 'GetVendor',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: vendorIdInput,
  reply: replyOf<Vendor>,
  summary: 'One vendor of the company, archived or not',
});

export const saveVendorRoute = /* @__PURE__ */ route({
  service: 'VendorsService',
  method: 'SaveVendor',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: saveVendor,
  reply: replyOf<Vendor>,
  summary: 'Creates (ID <= 0) or updates a vendor from the version read; names are unique in the company, any case',
});

export const archiveVendorRoute = /* @__PURE__ */ route({
  service: 'VendorsService',
  method: 'ArchiveVendor',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: vendorIdInput,
  reply: replyOf<Vendor>,
  summary: 'Archives a vendor (restorable; its name stays taken); an archived one is answered unchanged',
});

export const restoreVendorRoute = /* @__PURE__ */ route({
  service: 'VendorsService',
  method: 'RestoreVendor',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: vendorIdInput,
  reply: replyOf<Vendor>,
  summary: 'Brings an archived vendor back (an active one is answered unchanged)',
});

export const resendContactConfirmationRoute = /* @__PURE__ */ route({
  service: 'VendorsService',
  method: 'ResendContactConfirmation',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: resendContactConfirmation,
  reply: replyOf<ContactConfirmationSent>,
  summary: "Mails a vendor contact's confirmation link again (a contact whose address is not confirmed yet)",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const VENDORS_SERVICE_ROUTES = [
  getVendorsListRoute,
  getVendorRoute,
  saveVendorRoute,
  archiveVendorRoute,
  restoreVendorRoute,
  resendContactConfirmationRoute,
] as const;
