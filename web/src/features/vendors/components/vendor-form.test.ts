import { MAX_VENDOR_CONTACTS, PAYMENT_TERM_KINDS, VAT_TREATMENTS } from '@server/modules/vendors/schemas';
import * as api from '../api/vendors-api';
import { emptyVendorForm, formFromVendor, isConfirmed, toPayload } from './vendor-form';

describe('vendor form', () => {
  it("repeats the route's lists (the screen does not load the schemas)", () => {
    expect(api.PAYMENT_TERM_KINDS).toEqual(PAYMENT_TERM_KINDS);
    expect(api.VAT_TREATMENTS).toEqual(VAT_TREATMENTS);
    expect(api.MAX_CONTACTS).toBe(MAX_VENDOR_CONTACTS);
  });

  it('a contact stays confirmed only while its address is the one confirmed (any case)', () => {
    const form = formFromVendor({
      ID: 4,
      Name: 'Kan 11',
      TaxId: '',
      Address: '',
      Currency: 1,
      PaymentTerms: { Kind: 'net', Days: 0 },
      VatTreatment: 'exempt',
      Contacts: [{ Name: 'Moshe', Email: 'moshe@kan.example', Phone: '', Confirmed: true }],
      Archived: false,
      Platform: 'meta_ads',
      version: 7,
      createdAt: '',
      createdBy: '',
      updatedAt: '',
      updatedBy: '',
    });
    const [c] = form.Contacts;
    expect(isConfirmed(c)).toBe(true);
    expect(isConfirmed({ ...c, Email: ' Moshe@Kan.example ' })).toBe(true);
    expect(isConfirmed({ ...c, Email: 'moshe2@kan.example' })).toBe(false);
    expect(toPayload(form)).toEqual({
      ID: 4,
      Name: 'Kan 11',
      TaxId: '',
      Address: '',
      Currency: 1,
      PaymentTerms: { Kind: 'net', Days: 0 },
      VatTreatment: 'exempt',
      Contacts: [{ Name: 'Moshe', Email: 'moshe@kan.example', Phone: '' }],
      platform: 'meta_ads',
      version: 7,
    });
  });

  it('a new vendor: ILS, net 30, local VAT, no contacts, and no version sent', () => {
    expect(toPayload(emptyVendorForm())).toEqual({
      ID: 0,
      Name: '',
      TaxId: '',
      Address: '',
      Currency: 2,
      PaymentTerms: { Kind: 'net', Days: 30 },
      VatTreatment: 'local',
      Contacts: [],
      platform: null,
    });
  });
});
