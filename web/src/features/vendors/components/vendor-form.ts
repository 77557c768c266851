import { numberInput } from '../../../lib/forms/number-input';
import type { PaymentTermKind, PlatformId, VatTreatment, Vendor, VendorPayload } from '../api/vendors-api';

/**
 * The vendor dialog's fields as typed, shaped as SaveVendor's `vendor` so that a refusal's path
 * (PaymentTerms.Days, Contacts.2.Email) names its field. The screen imports this module: no zod, no
 * react-hook-form here.
 */
export interface ContactForm {
  /** Names the row's inputs while rows are added and removed. */
  key: number;
  Name: string;
  Email: string;
  Phone: string;
  /** As read: whether the address saved for this contact was confirmed (shown while the address is unchanged). */
  Confirmed: boolean;
  /** The address as read ('' for a new contact): a changed address is confirmed again. */
  SavedEmail: string;
}

export interface VendorForm {
  ID: number;
  Name: string;
  TaxId: string;
  Address: string;
  Currency: '1' | '2';
  PaymentTerms: { Kind: PaymentTermKind; Days: string };
  VatTreatment: VatTreatment;
  Contacts: ContactForm[];
  /** The ad platform this vendor is ('' for none): one vendor per platform in the company. */
  Platform: PlatformId | '';
  version?: number;
}

let nextKey = 1;
export const newContact = (): ContactForm => ({
  key: nextKey++,
  Name: '',
  Email: '',
  Phone: '',
  Confirmed: false,
  SavedEmail: '',
});

export const emptyVendorForm = (): VendorForm => ({
  ID: 0,
  Name: '',
  TaxId: '',
  Address: '',
  Currency: '2',
  PaymentTerms: { Kind: 'net', Days: '30' },
  VatTreatment: 'local',
  Contacts: [],
  Platform: '',
});

export const formFromVendor = (v: Vendor): VendorForm => ({
  ID: v.ID,
  Name: v.Name,
  TaxId: v.TaxId,
  Address: v.Address,
  Currency: v.Currency === 1 ? '1' : '2',
  PaymentTerms: { Kind: v.PaymentTerms.Kind, Days: String(v.PaymentTerms.Days) },
  VatTreatment: v.VatTreatment,
  Contacts: v.Contacts.map((c) => ({ ...c, key: nextKey++, SavedEmail: c.Email })),
  Platform: v.Platform ?? '',
  version: v.version,
});

/** A contact's address is confirmed while it is the one confirmed (the server compares lower-case, as it stores). */
export const isConfirmed = (c: Pick<ContactForm, 'Email' | 'SavedEmail' | 'Confirmed'>) =>
  c.Confirmed && c.Email.trim().toLowerCase() === c.SavedEmail;

/** The form as SaveVendor's `vendor`: what the dialog checks with the route's schema and what the screen sends. */
export const toPayload = (f: VendorForm): VendorPayload => ({
  ID: f.ID,
  Name: f.Name.trim(),
  TaxId: f.TaxId.trim(),
  Address: f.Address.trim(),
  Currency: Number(f.Currency) as 1 | 2,
  PaymentTerms: { Kind: f.PaymentTerms.Kind, Days: numberInput(f.PaymentTerms.Days) as number },
  VatTreatment: f.VatTreatment,
  Contacts: f.Contacts.map((c) => ({ Name: c.Name.trim(), Email: c.Email.trim(), Phone: c.Phone.trim() })),
  platform: f.Platform || null,
  ...(f.ID > 0 ? { version: f.version } : {}),
});
