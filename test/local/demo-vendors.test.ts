import { seedDemoVendors } from '../../local/demo-vendors';
import { invoke, makeCompany } from '../support/world';

/** npm start's demo vendors: the three platforms' vendors with their Platform, two Israeli media owners; once. */
it('seeds the demo vendors once, each platform vendor with its platform, readable through GetVendorsList', async () => {
  const co = await makeCompany('Demo Vendors Agency');
  expect(await seedDemoVendors(co.companyId, 'seed@mixdesk.local')).toBe(true);
  expect(await seedDemoVendors(co.companyId, 'seed@mixdesk.local')).toBe(false);
  const r = await invoke('VendorsService', 'GetVendorsList', { as: co.planner, body: {} });
  const items = (r.body.Response as { Items: { Name: string; Platform: string | null; PaymentTerms: object }[] }).Items;
  expect(items.map((v) => [v.Name, v.Platform, v.PaymentTerms])).toEqual([
    ['Google Ireland', 'google_ads', { Kind: 'net', Days: 30 }],
    ['Keshet 12', null, { Kind: 'eom_plus', Days: 30 }],
    ['Meta Platforms Ireland', 'meta_ads', { Kind: 'net', Days: 30 }],
    ['TikTok Information Technologies', 'tiktok_ads', { Kind: 'net', Days: 45 }],
    ['Ynet', null, { Kind: 'eom_plus', Days: 60 }],
  ]);
});
