import { PutCommand } from '../../lambdas/aws/dynamodb/commands';
import { saveAccountFor } from '../../lambdas/modules/accounts/accounts';
import { seedChannelTypeCatalogue } from '../../lambdas/modules/channel-types/catalogue';
import { listCampaignsFor, saveCampaignFor } from '../../lambdas/modules/connectors/campaigns';
import { listAgentConnectorsFor } from '../../lambdas/modules/connectors/connectors-core';
import { listAccountsByParent } from '../../lambdas/modules/tenancy/account-store.dynamodb';
import { listActivitiesOfMain } from '../../lambdas/modules/activities/store.dynamodb';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { configurationKey } from '../../lambdas/aws/dynamodb/keys';
import { readLineRollup } from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import { getActivityPlan, getVersionWithLines } from '../../lambdas/modules/media-plans/store/reads';
import { saveAccount } from '../../lambdas/modules/accounts/schemas';
import { DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import type { CampaignView } from '../../lambdas/modules/connectors/replies/connectors';
import { seedDemoCampaigns } from '../../local/demo-campaigns';
import { seedDemoLinks } from '../../local/demo-links';
import { DEMO_ACTUALS_PLANS, demoActualsFlight, seedDemoActualsPlans } from '../../local/demo-media-plan';
import { startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import { startFakeMeta, type FakeMeta } from '../../local/fakes/meta-ads-server';
import { startFakeTikTok, type FakeTikTok } from '../../local/fakes/tiktok-ads-server';
import { freePort } from '../../local/ports';
import { startLocalSync } from '../../local/sync-runner';
import { makeCompany, useOwnTable, type Company } from '../support/world';

/**
 * npm start's demo actuals: on a table of its own (the local sync syncs every
 * company of the table), a company seeded as local/start.ts seeds the demo — accounts, the demo
 * actuals plans, the demo connections — then its campaigns named in the fakes, synced by the local
 * sync runner, and mapped by hand where the demo does so. Then again, as a restart does.
 *
 * A smaller world than npm start's, proving the same rules: the company's sync reads BACKFILL_DAYS
 * back on its first run and RESTATEMENT_DAYS at a restart (the configuration's BackfillDays and
 * RestatementDays; npm start keeps the defaults, 90 and 28), so each of the two syncs writes a
 * fraction of the stats. Every demo line's flight starts before that window either way.
 */
const BACKFILL_DAYS = 14;
const RESTATEMENT_DAYS = 3;
/**
 * npm start's flights start about three months back, and a first sync reads back to a flight's
 * start: here they start a week before the backfill window, so the first sync reads past its
 * window (the rule) without a quarter of stats to write.
 */
const flight = () => {
  const today = todayIn(DEFAULT_TIME_ZONE);
  return {
    start: new Date(Date.parse(`${today}T00:00:00Z`) - (BACKFILL_DAYS + 6) * 86_400_000).toISOString().slice(0, 10),
    end: demoActualsFlight(today).end,
  };
};
let google: FakeGoogleAds;
let meta: FakeMeta;
let tiktok: FakeTikTok;
const saved: Record<string, string | undefined> = {};
const ENV = ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL', 'META_GRAPH_API_URL', 'TIKTOK_API_URL'];

beforeAll(async () => {
  await useOwnTable('demo-actuals');
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

/** One start's demo seeding and first sync, in local/start.ts's order. */
async function start(c: Company, mains: Parameters<typeof seedDemoActualsPlans>[1]) {
  const planned = await seedDemoActualsPlans(c.admin, mains, flight());
  const campaigns = await seedDemoLinks({ google, meta, tiktok }, c.companyId);
  // Each campaign mapped by hand had its history move done: none is left marked as moving.
  expect(
    (await listCampaignsFor(c.admin, { pageSize: 500 })).Items.filter((x) => x.HistoryMoving).map((x) => x.Name),
  ).toEqual([]);
  const sync = await startLocalSync(() => undefined);
  sync.stop();
  return { planned, campaigns };
}

async function snapshot(c: Company) {
  const campaigns: CampaignView[] = (await listCampaignsFor(c.admin, { pageSize: 500 })).Items;
  const today = todayIn(DEFAULT_TIME_ZONE);
  const lines: { name: string; id: number; start: string; version: number; spendMicros: number; days: number }[] = [];
  for (const spec of DEMO_ACTUALS_PLANS) {
    const m = (await listAccountsByParent(c.companyId, null, 'Active', 500)).items.find(
      (a) => a.Name === spec.account,
    )!;
    const activity = (await listActivitiesOfMain(c.companyId, m.ID, {}, 500)).items.find(
      (a) => a.Name === spec.activity,
    )!;
    const approved = (await getActivityPlan(c.companyId, activity.ID, true))!;
    const version = (await getVersionWithLines(c.companyId, approved.ApprovedMixId!, true))!;
    for (const l of version.lines) {
      // Actuals to date within the line's own flight.
      const rows = await readLineRollup(c.companyId, l.ID, l.StartDate, today);
      lines.push({
        name: l.Name,
        id: l.ID,
        start: l.StartDate,
        version: version.header.Version,
        spendMicros: rows.reduce((s, r) => s + r.SpendMicros, 0),
        days: new Set(rows.map((r) => r.Period)).size,
      });
    }
  }
  return { campaigns, lines };
}

it('maps most demo campaigns to the approved demo plan lines, by rule and by hand, with actuals to date, and a restart changes nothing', async () => {
  const c = await makeCompany('Demo-like Agency');
  // Written as an item, the way a stored configuration is read (SaveConfigurations would need the version read).
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...configurationKey(c.companyId),
        entity: 'Configuration',
        BackfillDays: BACKFILL_DAYS,
        RestatementDays: RESTATEMENT_DAYS,
        version: 1,
      },
    }),
  );
  const create = (account: Record<string, unknown>, scope?: number) =>
    saveAccountFor(c.admin, saveAccount.parse({ account }), scope, 'create');
  const hadar = await create({ Name: 'Hadar Insurance', Currency: 2 });
  await create({ Name: 'Hadar Car', ParentId: hadar.ID }, hadar.ID);
  const galil = await create({ Name: 'Galil Foods', Currency: 2 });
  await create({ Name: 'TechNova', Currency: 1 });

  const first = await start(c, [hadar, galil]);
  expect([first.planned, first.campaigns]).toEqual([true, { tagged: 6, mapped: 9 }]);

  const agents = (await listAgentConnectorsFor(c.admin)).Items;
  expect(agents.find((a) => a.Name === 'Google Ads — old sign-in')?.Status).toBe('NoAccess');
  expect(agents.filter((a) => a.Status === 'OK').map((a) => a.LastSyncAt !== null)).toEqual([true, true, true]);

  const a = await snapshot(c);
  const by = (v: CampaignView) => (v.MappedLineId === null ? 'unmapped' : v.MappedBy);
  const count = (kind: string) => a.campaigns.filter((v) => by(v) === kind).length;
  // 20 campaigns on the 4 linked ad accounts: 6 by the naming rule, 9 by hand, 5 unmapped.
  expect([a.campaigns.length, count('rule'), count('explicit'), count('unmapped')]).toEqual([20, 6, 9, 5]);
  expect(a.campaigns.filter((v) => v.MappedBy === 'rule').every((v) => v.Name.endsWith(`[L${v.MappedLineId}]`))).toBe(
    true,
  );
  // Every demo plan line (version 1, the approved one) has actuals to date within its flight (which starts before the sync's window).
  expect(a.lines.every((l) => l.start === flight().start)).toBe(true);
  // The first sync backfilled past its window of BACKFILL_DAYS to the flight's start.
  const today = todayIn(DEFAULT_TIME_ZONE);
  const sinceStart = Math.round((Date.parse(today) - Date.parse(flight().start)) / 86_400_000) + 1;
  expect(a.lines.map((l) => [l.version, l.spendMicros > 0, l.days > BACKFILL_DAYS && l.days <= sinceStart])).toEqual(
    a.lines.map(() => [1, true, true]),
  );
  expect(a.lines).toHaveLength(7);
  expect(new Set(a.campaigns.filter((v) => v.MappedLineId !== null).map((v) => v.MappedLineId))).toEqual(
    new Set(a.lines.map((l) => l.id)),
  );
  expect(a.campaigns.filter((v) => v.MappedLineId !== null).every((v) => v.MappedVersion === 1)).toBe(true);

  // A restart: the fakes' names again, the same sync, nothing mapped again, the same figures.
  const second = await start(c, [hadar, galil]);
  expect([second.planned, second.campaigns]).toEqual([false, { tagged: 6, mapped: 0 }]);
  const b = await snapshot(c);
  expect(b.lines).toEqual(a.lines);
  expect(b.campaigns.map((v) => [v.ID, v.MappedBy, v.MappedLineId, v.version])).toEqual(
    a.campaigns.map((v) => [v.ID, v.MappedBy, v.MappedLineId, v.version]),
  );

  // A campaign a person unmapped stays unmapped at the next start.
  const cleared = b.campaigns.find((v) => v.MappedBy === 'explicit')!;
  await saveCampaignFor(c.admin, undefined, { ID: cleared.ID, MediaChannelId: null, version: cleared.version });
  expect(await seedDemoCampaigns({ google, meta, tiktok }, c.companyId)).toEqual({ tagged: 6, mapped: 0 });
  expect(
    (await listCampaignsFor(c.admin, { pageSize: 500 })).Items.find((v) => v.ID === cleared.ID)?.MappedLineId,
  ).toBeNull();
  // ~9 s alone, 15–47 s inside a whole parallel run on a 2-core machine (two starts, each seeding
  // and syncing four ad accounts through three fakes): a guard against a hang, with room for a
  // machine twice as slow.
}, 180_000);
