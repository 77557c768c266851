import type { PlatformId } from '../../shared/connector-platforms';
import type { Page, Stamped } from '../../shared/replies/reply';

/** Replies of VendorsService: plain TypeScript shared with the console. */

export type PaymentTermKind = 'net' | 'eom_plus';

/** net N: due N days after the bill's date; eom_plus N ("current month + N"): N days after the end of its month. */
export interface PaymentTerms {
  Kind: PaymentTermKind;
  Days: number;
}

export type VatTreatment = 'local' | 'foreign' | 'exempt';

export interface VendorContact {
  Name: string;
  /** Lower-case, as users' addresses are stored. */
  Email: string;
  Phone: string;
  /** Whether the contact confirmed the address through the mailed link (contact-confirmation.ts). */
  Confirmed: boolean;
}

/** A media owner or platform the agency buys from (docs/domain.md, "Vendors"). */
export interface Vendor extends Stamped {
  ID: number;
  Name: string;
  TaxId: string;
  Address: string;
  /** As accounts: 1 USD, 2 ILS. */
  Currency: 1 | 2;
  PaymentTerms: PaymentTerms;
  VatTreatment: VatTreatment;
  Contacts: VendorContact[];
  /**
   * The ad platform this vendor is (at most one vendor per platform in the company, archived ones
   * included): plan lines of that platform's channel types default to it. null: none.
   */
  Platform: PlatformId | null;
  Archived: boolean;
}

/** GetVendorsList. */
export type VendorsPage = Page<Vendor>;
