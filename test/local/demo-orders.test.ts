import { saveAccountFor } from '../../lambdas/modules/accounts/accounts';
import { saveAccount } from '../../lambdas/modules/accounts/schemas';
import { seedChannelTypeCatalogue } from '../../lambdas/modules/channel-types/catalogue';
import type { Mail, Mailer } from '../../lambdas/aws/ses-mailer';
import { listOrders } from '../../lambdas/modules/orders';
import { billWithRef, getBill } from '../../lambdas/modules/vendor-bills/store.dynamodb';
import { listVendors } from '../../lambdas/modules/vendors/store.dynamodb';
import { DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { DEMO_ACCEPTED_BY, DEMO_ACCEPTED_VENDOR, DEMO_AWAITING_VENDOR, seedDemoOrders } from '../../local/demo-orders';
import { seedDemoLinks } from '../../local/demo-links';
import { demoActualsFlight, seedDemoActualsPlans } from '../../local/demo-media-plan';
import { seedDemoVendors } from '../../local/demo-vendors';
import { startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import { startFakeMeta, type FakeMeta } from '../../local/fakes/meta-ads-server';
import { startFakeTikTok, type FakeTikTok } from '../../local/fakes/tiktok-ads-server';
import { freePort } from '../../local/ports';
import { startLocalSync } from '../../local/sync-runner';
import { makeCompany, tableSnapshot, useOwnTable } from '../support/world';

/**
 * npm start's buy-side demo (local/demo-orders.ts) on a table of its own, in local/start.ts's
 * order: vendors, the demo actuals plans, the demo campaigns linked, one sync, then the orders and
 * bills; then the seeding again, which writes nothing. A smaller world than npm start's (the
 * pattern of demo-actuals.test.ts): the flights start on the first of last month, so the sync
 * writes a month or two of stats and last month is a past, fully synced month.
 */
const flight = () => {
  const today = todayIn(DEFAULT_TIME_ZONE);
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return { start: d.toISOString().slice(0, 10), end: demoActualsFlight(today).end };
};
let google: FakeGoogleAds;
let meta: FakeMeta;
let tiktok: FakeTikTok;
const saved: Record<string, string | undefined> = {};
const ENV = ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL', 'META_GRAPH_API_URL', 'TIKTOK_API_URL'];

beforeAll(async () => {
  await useOwnTable('demo-orders');
  await seedChannelTypeCatalogue();
  for (const k of ENV) saved[k] = process.env[k];
  [google, meta, tiktok] = await Promise.all([
    startFakeGoogleAds({ port: await freePort() }),
    startFakeMeta({ port: await freePort() }),
    startFakeTikTok({ port: await freePort() }),
  ]);
  process.env.GOOGLE_ADS_API_URL = google.apiUrl;
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  process.env.META_GRAPH_API_URL = meta.endpoint;
  process.env.TIKTOK_API_URL = tiktok.endpoint;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  google.server.closeAllConnections();
  await Promise.all([new Promise((r) => google.server.close(r)), meta.stop(), tiktok.stop()]);
});

it('seeds an accepted and an awaiting order, a matched bill paid and a disputed one, and a second run writes nothing', async () => {
  const c = await makeCompany('Demo-like Agency');
  const create = (account: Record<string, unknown>, scope?: number) =>
    saveAccountFor(c.admin, saveAccount.parse({ account }), scope, 'create');
  const hadar = await create({ Name: 'Hadar Insurance', Currency: 2 });
  await create({ Name: 'Hadar Car', ParentId: hadar.ID }, hadar.ID);
  const galil = await create({ Name: 'Galil Foods', Currency: 2 });
  await create({ Name: 'TechNova', Currency: 1 });
  await seedDemoVendors(c.companyId, c.admin.email);
  await seedDemoActualsPlans(c.admin, [hadar, galil], flight());
  await seedDemoLinks({ google, meta, tiktok }, c.companyId);
  (await startLocalSync(() => undefined)).stop();

  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => (mails.push(m), `m${mails.length}`) };
  const deps = { mailer, pageUrl: 'http://127.0.0.1/order-acceptance' };
  const users = { planner: c.planner, approver: c.approver };
  expect(await seedDemoOrders(users, deps)).toBe(true);
  const vendors = (await listVendors(c.companyId, { archived: false, search: '' }, 100, null)).items;
  const vendorId = (name: string) => vendors.find((v) => v.Name === name)?.ID;

  const orders = (await listOrders(c.companyId, () => true, 100, null)).items;
  // One order per vendor of the first approved plan: Hadar's Google, Meta and TikTok; Galil's plan is left to a person.
  expect(orders.map((o) => [o.Status, o.MediaMixId > 0, o.LastApprovedVersion])).toEqual(
    orders.map(() => ['approved', true, 1]),
  );
  expect(orders).toHaveLength(3);
  expect(orders.every((o) => o.ApprovedBy === c.approver.email)).toBe(true);
  const sent = orders.filter((o) => o.Send);
  expect(sent).toHaveLength(2);
  const accepted = sent.find((o) => o.Send!.Decision)!;
  const awaiting = sent.find((o) => !o.Send!.Decision)!;
  expect(accepted.Send!.Decision).toMatchObject({ Kind: 'accepted', TypedName: DEMO_ACCEPTED_BY, Ip: '127.0.0.1' });
  expect(accepted.Send!.Recipients).toEqual(['ads-billing@google.example']);
  expect(awaiting.Send!.Recipients).toEqual(['billing@meta.example']);
  expect([accepted.Send!.SentBy, awaiting.Send!.SentBy]).toEqual([c.planner.email, c.planner.email]);
  expect(mails.map((m) => m.to).sort()).toEqual(['ads-billing@google.example', 'billing@meta.example']);
  expect([accepted.VendorId, awaiting.VendorId]).toEqual([
    vendorId(DEMO_ACCEPTED_VENDOR),
    vendorId(DEMO_AWAITING_VENDOR),
  ]);

  const today = todayIn(DEFAULT_TIME_ZONE);
  const last = flight().start.slice(0, 7);
  const ref = (period: string, kind: 'M' | 'D') => `DEMO-${accepted.ID}-${period}-${kind}`;
  const matchedId = (await billWithRef(c.companyId, accepted.VendorId, ref(last, 'M')))!;
  const matched = (await getBill(c.companyId, matchedId))!;
  // Last month, billed at its expected amount: matched, entered by the planner, approved by the approver, paid in full.
  expect([matched.Status, matched.NetMinor, matched.EnteredBy, matched.ApprovedBy]).toEqual([
    'matched',
    matched.ExpectedMinor,
    c.planner.email,
    c.approver.email,
  ]);
  expect(matched.DeliveredMinor).not.toBeNull();
  expect(matched.Payments.map((p) => [p.AmountMinor, p.By])).toEqual([[matched.GrossMinor, c.approver.email]]);
  // This month (or, on its first day without actuals yet, last month again), billed at the ordered amount: disputed.
  const disputedId =
    (await billWithRef(c.companyId, accepted.VendorId, ref(today.slice(0, 7), 'D'))) ??
    (await billWithRef(c.companyId, accepted.VendorId, ref(last, 'D')));
  const disputed = (await getBill(c.companyId, disputedId!))!;
  expect([disputed.Status, disputed.Reasons, disputed.NetMinor, disputed.ApprovedAt]).toEqual([
    'disputed',
    ['BILLED_ABOVE_DELIVERED'],
    disputed.OrderedMinor,
    null,
  ]);
  expect(disputed.DeliveredMinor! < disputed.OrderedMinor).toBe(true);

  // A restart: nothing written, nothing mailed.
  const before = await tableSnapshot();
  expect(await seedDemoOrders(users, deps)).toBe(false);
  expect(await tableSnapshot()).toEqual(before);
  expect(mails).toHaveLength(2);
}, 180_000);
