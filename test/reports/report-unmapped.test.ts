import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { saveAccountConnectorFor } from '../../lambdas/modules/connectors/account-connectors';
import { saveAgentConnectorFor } from '../../lambdas/modules/connectors/agent-connectors';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { RollupBook, statItem } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { writeStatsAndRollups } from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { PerformanceReport } from '../../lambdas/modules/reports/replies/reports';
import { syncNowHooks } from '../../lambdas/modules/connectors/sync/sync-now';
import { current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/**
 * Spend no plan line owns is in Reports: grouped by account or activity, each account with unmapped
 * spend on its linked ad accounts has an "Unmapped" row, so the totals are what the platforms spent.
 * October 2026: Main Client's activity spends 20.00 a day on a mapped campaign (5 days: 100.00) and
 * its ad account 10.00 a day on an unmapped one (5 days: 50.00; one more day in November, outside);
 * Other Client's ad account spends 7.00 USD unmapped on Oct 3 (× 3.5 = 24.50 ILS).
 */
let c: Company;
let restricted: UserProfile;
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
let activityId = 0;

const stat = (over: Partial<StoredStat>): StoredStat => ({
  Date: '2026-10-01',
  CampaignId: 'c1',
  CampaignName: 'Campaign',
  Currency: 'ILS',
  Impressions: 100,
  Clicks: 10,
  SpendMicros: 0,
  ConversionsMilli: 0,
  ConversionValueMicros: 0,
  VideoViews: 0,
  ...over,
});

async function link(accountId: number, externalAccountId: string): Promise<void> {
  const agent = await saveAgentConnectorFor(c.admin, { ID: 0, ConnectorId: 4, Name: `CSV ${externalAccountId}` });
  await saveAccountConnectorFor(c.admin, accountId, {
    ID: 0,
    AccountId: accountId,
    AgentConnectorId: agent.ID,
    ExternalAccountIds: [externalAccountId],
    NamingRule: '',
  });
}

beforeAll(async () => {
  syncNowHooks.local = { send: async () => undefined }; // a new link asks for a sync: none here
  c = await makeCompany('Unmapped Agency');
  await seedRate(c, '2026-09-01', 'USD', 'ILS', 3.5);
  restricted = await makeUser(c.companyId, Role.Analyst, [Permission.OperationalReports], {
    accountAccess: [c.accounts.main.ID],
  });
  const activity = await seedActivity(c, { start: '2026-10-01', end: '2026-12-31', name: 'Autumn' });
  activityId = activity.ID;
  const version = await seedVersion(c, activity);
  const line = await seedLine(c, version, {
    Name: 'Search',
    StartDate: '2026-10-01',
    EndDate: '2026-12-31',
    Budget: 5000,
  });
  const draft = await current(c, version.ID);
  const submitted = await submitVersion(c.planner, activity.AccountId, {
    mediaMixId: version.ID,
    version: draft.version,
  });
  await approveVersion(c.approver, activity.AccountId, { mediaMixId: version.ID, version: submitted.version });
  await scheduleActivity(c.companyId, activity.ID);
  await link(c.accounts.main.ID, 'act-main');
  await link(c.accounts.other.ID, 'act-other');

  const book = new RollupBook(c.companyId, 'csv_upload', 'act-main');
  const items: Record<string, unknown>[] = [];
  for (let n = 0; n < 5; n++) {
    const day = addDaysTo('2026-10-01', n);
    const mapped = stat({
      Date: day,
      CampaignId: 'mapped',
      LineId: line.ID,
      ActivityId: activity.ID,
      AccountId: activity.AccountId,
      SpendMicros: 20_000_000,
    });
    book.change(undefined, mapped);
    items.push(statItem(c.companyId, 'csv_upload', 'act-main', mapped));
    items.push(
      statItem(
        c.companyId,
        'csv_upload',
        'act-main',
        stat({ Date: day, CampaignId: 'loose', SpendMicros: 10_000_000 }),
      ),
    );
  }
  items.push(
    statItem(
      c.companyId,
      'csv_upload',
      'act-main',
      stat({ Date: '2026-11-01', CampaignId: 'loose', SpendMicros: 10_000_000 }),
    ),
  );
  items.push(
    statItem(
      c.companyId,
      'csv_upload',
      'act-other',
      stat({ Date: '2026-10-03', CampaignId: 'usd', Currency: 'USD', SpendMicros: 7_000_000 }),
    ),
  );
  await writeStatsAndRollups(items, []);
  await book.flush();
}, 120_000);

afterAll(() => {
  syncNowHooks.local = undefined;
});

const report = async (
  body: Record<string, unknown>,
  as: UserProfile = c.analyst,
  accountId?: number,
): Promise<PerformanceReport> => {
  const r = await invoke('ReportsService', 'GetPerformanceReport', {
    as,
    body: { ...OCTOBER, ...body },
    ...(accountId ? { accountId } : {}),
  });
  expect(r.status).toBe(200);
  return r.body.Response as PerformanceReport;
};
const rows = (r: PerformanceReport) => r.Rows.map((x) => [x.Unmapped ?? false, x.AccountId ?? null, x.Label, x.Spend]);

describe('GetPerformanceReport: unmapped spend', () => {
  it('by account: an Unmapped row per account with spend on its linked ad accounts, in the totals', async () => {
    const r = await report({ groupBy: 'account' });
    expect(rows(r)).toEqual(
      expect.arrayContaining([
        [false, null, 'Main Client', 100],
        [true, c.accounts.main.ID, 'Main Client', 50],
        [true, c.accounts.other.ID, 'Other Client', 24.5],
      ]),
    );
    expect(r.Rows).toHaveLength(3);
    expect(r.Totals.Spend).toBe(174.5);
    expect(r.Totals.Impressions).toBe(500 + 500 + 100);
  });

  it('by activity: the same rows beside the activities', async () => {
    const r = await report({ groupBy: 'activity' });
    expect(rows(r)).toEqual(
      expect.arrayContaining([
        [false, c.accounts.main.ID, 'Autumn', 100],
        [true, c.accounts.main.ID, 'Main Client', 50],
        [true, c.accounts.other.ID, 'Other Client', 24.5],
      ]),
    );
    expect(r.Rows.find((x) => x.ActivityId === activityId)?.Unmapped).toBeUndefined();
    expect(r.Totals.Spend).toBe(174.5);
  });

  it('only the accounts the caller sees, and only the account asked for (in its currency)', async () => {
    const mine = await report({ groupBy: 'account' }, restricted);
    expect(rows(mine)).toEqual([
      [false, null, 'Main Client', 100],
      [true, c.accounts.main.ID, 'Main Client', 50],
    ]);
    expect(mine.Totals.Spend).toBe(150);
    const other = await report({ groupBy: 'account', accountId: c.accounts.other.ID });
    expect([other.Currency, rows(other), other.Totals.Spend]).toEqual([
      'USD',
      [[true, c.accounts.other.ID, 'Other Client', 7]],
      7,
    ]);
  });

  it('no Unmapped row for one activity, a channel group, or another grouping', async () => {
    for (const body of [{ groupBy: 'activity', activityId }, { groupBy: 'line' }, { groupBy: 'day' }]) {
      expect((await report(body)).Rows.some((x) => x.Unmapped)).toBe(false);
    }
  });
});
