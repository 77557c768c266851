import { nextId } from '../lambdas/aws/dynamodb/counters';
import type { Vendor } from '../lambdas/modules/vendors/replies';
import { insertVendor, listVendors } from '../lambdas/modules/vendors/store.dynamodb';

type DemoVendor = Pick<
  Vendor,
  'Name' | 'TaxId' | 'Address' | 'Currency' | 'PaymentTerms' | 'VatTreatment' | 'Contacts' | 'Platform'
>;

const contact = (Name: string, Email: string, Phone: string, Confirmed: boolean) => ({ Name, Email, Phone, Confirmed });

/**
 * The demo company's vendors (npm start): the three ad platforms its plans buy through — each the
 * vendor of its platform, so plan lines of Google, Meta and TikTok channel types default to it — and
 * two Israeli offline media owners, a TV channel and a news site, on "current month + N" terms. One
 * contact awaits confirmation, so the screen shows both states and its "resend" mails the catcher.
 */
export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    Name: 'Google Ireland',
    TaxId: 'IE6388047V',
    Address: 'Gordon House, Barrow Street, Dublin 4, Ireland',
    Currency: 1,
    PaymentTerms: { Kind: 'net', Days: 30 },
    VatTreatment: 'foreign',
    Contacts: [contact('Google Ads billing', 'ads-billing@google.example', '', true)],
    Platform: 'google_ads',
  },
  {
    Name: 'Meta Platforms Ireland',
    TaxId: 'IE9692928F',
    Address: 'Merrion Road, Dublin 4, Ireland',
    Currency: 1,
    PaymentTerms: { Kind: 'net', Days: 30 },
    VatTreatment: 'foreign',
    Contacts: [contact('Meta billing', 'billing@meta.example', '', true)],
    Platform: 'meta_ads',
  },
  {
    Name: 'TikTok Information Technologies',
    TaxId: 'GB123456789',
    Address: 'Kaleidoscope, 4 Lindsey Street, London, United Kingdom',
    Currency: 1,
    PaymentTerms: { Kind: 'net', Days: 45 },
    VatTreatment: 'foreign',
    Contacts: [],
    Platform: 'tiktok_ads',
  },
  {
    Name: 'Keshet 12',
    TaxId: '513456789',
    Address: 'Rehov Raoul Wallenberg 12, Tel Aviv',
    Currency: 2,
    PaymentTerms: { Kind: 'eom_plus', Days: 30 },
    VatTreatment: 'local',
    Contacts: [
      contact('Dana Levi', 'dana.levi@keshet12.example', '+972-3-555-0101', true),
      contact('Avi Cohen', 'avi.cohen@keshet12.example', '+972-3-555-0102', false),
    ],
    Platform: null,
  },
  {
    Name: 'Ynet',
    TaxId: '520012345',
    Address: 'Rehov Moshe Mozes 1, Rishon LeZion',
    Currency: 2,
    PaymentTerms: { Kind: 'eom_plus', Days: 60 },
    VatTreatment: 'local',
    Contacts: [contact('Rina Katz', 'rina.katz@ynet.example', '+972-3-555-0201', true)],
    Platform: null,
  },
];

/** The demo vendors the company does not have yet (by name), written as a save writes them; whether any was. */
export async function seedDemoVendors(companyId: number, by: string): Promise<boolean> {
  const have = new Set<string>();
  let token: string | null | undefined = null;
  do {
    const page = await listVendors(companyId, { archived: false, search: '' }, 100, token);
    page.items.forEach((v) => have.add(v.Name));
    token = page.nextToken;
  } while (token);
  let created = false;
  for (const d of DEMO_VENDORS.filter((v) => !have.has(v.Name))) {
    const at = new Date().toISOString();
    const v: Vendor = {
      ID: await nextId(companyId, 'Vendor'),
      ...d,
      Archived: false,
      version: 1,
      createdAt: at,
      createdBy: by,
      updatedAt: at,
      updatedBy: by,
    };
    await insertVendor(companyId, v);
    created = true;
  }
  return created;
}
