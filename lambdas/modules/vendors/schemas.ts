// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import {
  _default,
  array,
  enum as oneOf,
  literal,
  maxLength,
  nullable,
  object,
  optional,
  union,
  type output,
} from 'zod/mini';
import {
  bool,
  email,
  id,
  int,
  matches,
  multilineText,
  nextToken,
  pageSize,
  phone,
  preprocess,
  requiredText,
  rule,
  text,
} from '../../shared/schema-fields';
import { PLATFORM_IDS } from '../../shared/connector-platforms';

/** The longest payment term, in days, for both kinds (net N and current month + N). */
export const MAX_TERM_DAYS = 180;
export const MAX_VENDOR_CONTACTS = 10;
export const MAX_TAX_ID = 20;
/** A tax or VAT registration number: letters and digits only (an Israeli ח.פ. is 9 digits; EU VAT ids carry a country prefix). */
export const TAX_ID_PATTERN = /^[A-Za-z0-9]{1,20}$/;

export const VAT_TREATMENTS = ['local', 'foreign', 'exempt'] as const;

const termDays = () =>
  int().check(rule((n: number) => n >= 0 && n <= MAX_TERM_DAYS, 'WHOLE_BETWEEN', { low: 0, limit: MAX_TERM_DAYS }));

/** net N: N days after the bill's date; eom_plus N ("current month + N"): N days after the end of the bill's month. */
export const PAYMENT_TERM_KINDS = ['net', 'eom_plus'] as const;
export const paymentTermsInput = object({ Kind: oneOf(PAYMENT_TERM_KINDS), Days: termDays() });

/** A contact at the vendor; the address is stored lower-case, as users' addresses are. */
export const vendorContactInput = object({
  Name: requiredText(200),
  Email: email(),
  Phone: _default(optional(union([literal(''), phone()])), ''),
});

/** Vendor as the console sends it. ID <= 0 means "create". */
export const vendorInput = object({
  ID: _default(int(), 0),
  Name: requiredText(200),
  TaxId: _default(optional(union([literal(''), text(MAX_TAX_ID).check(matches(TAX_ID_PATTERN, 'TAX_ID'))])), ''),
  Address: _default(optional(multilineText(500)), ''),
  /** The accounts' currencies (accounts/schemas.ts CURRENCIES): 1 USD, 2 ILS; ILS when absent. */
  Currency: _default(
    preprocess((v) => (typeof v === 'string' ? Number(v) : v), union([literal(1), literal(2)])),
    2,
  ),
  PaymentTerms: paymentTermsInput,
  VatTreatment: _default(optional(oneOf(VAT_TREATMENTS)), 'local'),
  Contacts: _default(
    optional(
      array(vendorContactInput).check(
        maxLength(MAX_VENDOR_CONTACTS, `may have at most ${MAX_VENDOR_CONTACTS} contacts`),
      ),
    ),
    [],
  ),
  /**
   * The ad platform this vendor is (one vendor per platform in the company): null for none; absent
   * keeps what an update had (none on a create).
   */
  platform: optional(nullable(oneOf(PLATFORM_IDS))),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: optional(int()),
});

export const saveVendor = object({ vendor: vendorInput });
export const vendorIdInput = object({ vendorId: id() });

export const getVendorsList = object({
  /** Part of the name, any case; empty or absent for every vendor. */
  search: _default(optional(nullable(text(200))), ''),
  /** true: the archived vendors instead of the active ones. */
  archived: _default(optional(bool()), false),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export type VendorInput = output<typeof vendorInput>;
export type PaymentTermsInput = output<typeof paymentTermsInput>;
