import { createNextVersion } from '../../lambdas/modules/media-plans/versions';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { VersionStatus } from '../../lambdas/shared/version-status';
import type { LineActuals, MappableLine } from '../../lambdas/modules/connectors/replies/campaign-mapping';
import { expectError, expectOk } from '../media-plans/helpers';
import { seedActivity, seedApproved, seedDraft } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The campaign-mapping reads on DynamoDB Local: GetMappableLines offers the lines of
 * each activity's latest approved version (else its latest), of the page's main account only;
 * GetLineActuals sums a line's day rollups per currency and refuses lines of other accounts.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Campaign lines Agency');
});

const call = (method: string, body: unknown, accountId = c.accounts.main.ID, as = c.planner) =>
  invoke('ConnectorsService', method, { as, body, accountId });

describe('GetMappableLines', () => {
  it("offers the approved version's lines, else the latest version's, of the main account only (a sub-account sees its main account's)", async () => {
    const approved = await seedApproved(c, 2);
    // A newer Draft of the approved plan: the picker still offers the approved version's lines.
    const draft2 = await createNextVersion(c.planner, c.accounts.main.ID, approved.planVersion.ID);
    const draftOnly = await seedDraft(c, 1, await seedActivity(c, { name: 'Draft-only flight' }));
    const elsewhere = await seedDraft(
      c,
      1,
      await seedActivity(c, { accountId: c.accounts.other.ID, name: 'Other account flight' }),
    );

    for (const scope of [c.accounts.main.ID, c.accounts.sub.ID]) {
      const items = (expectOk(await call('GetMappableLines', {}, scope)) as { Items: MappableLine[] }).Items;
      const ids = items.map((l) => l.ID);
      expect(ids).toEqual(expect.arrayContaining([...approved.lines.map((l) => l.ID), draftOnly.lines[0].ID]));
      expect(ids).not.toContain(elsewhere.lines[0].ID);
      expect(items.filter((l) => l.MediaMixId === draft2.ID)).toEqual([]);
      const first = items.find((l) => l.ID === approved.lines[0].ID)!;
      expect(first).toMatchObject({
        Name: approved.lines[0].Name,
        ActivityId: approved.activity.ID,
        ActivityName: approved.activity.Name,
        MediaMixId: approved.planVersion.ID,
        Version: 1,
        VersionStatus: VersionStatus.Approved,
        ChannelTypeName: approved.lines[0].ChannelTypeName,
      });
      expect(items.find((l) => l.ID === draftOnly.lines[0].ID)).toMatchObject({
        ActivityName: 'Draft-only flight',
        VersionStatus: VersionStatus.Draft,
        Version: 1,
      });
    }
    const other = (expectOk(await call('GetMappableLines', {}, c.accounts.other.ID)) as { Items: MappableLine[] })
      .Items;
    expect(other.map((l) => l.ID)).toEqual([elsewhere.lines[0].ID]);
  });
});

const stat = (over: Partial<StoredStat>): StoredStat => ({
  Date: '2026-01-05',
  CampaignId: 'c1',
  CampaignName: 'Search',
  Currency: 'USD',
  Impressions: 1000,
  Clicks: 10,
  SpendMicros: 12_340_000,
  ConversionsMilli: 1500,
  ConversionValueMicros: 99_990_000,
  VideoViews: 0,
  ...over,
});

describe('GetLineActuals', () => {
  it("sums a line's day rollups per currency across days and source accounts; a line with none answers no totals", async () => {
    const plan = await seedDraft(c, 2);
    const [line, quiet] = plan.lines;
    const target = { LineId: line.ID, ActivityId: plan.activity.ID, AccountId: c.accounts.main.ID };
    // Two source accounts (the sync's RollupBook writes one rollup item per source account and day).
    const us = new RollupBook(c.companyId, 'google_ads', '111');
    us.change(undefined, stat({ ...target, Date: '2026-01-05' }));
    us.change(
      undefined,
      stat({ ...target, Date: '2026-01-06', CampaignId: 'c2', SpendMicros: 660_000, Impressions: 5 }),
    );
    await us.flush();
    const other = new RollupBook(c.companyId, 'meta_ads', '222');
    other.change(undefined, stat({ ...target, Date: '2026-01-06', SpendMicros: 1_000_000 }));
    other.change(
      undefined,
      stat({ ...target, Date: '2026-01-07', Currency: 'ILS', SpendMicros: 50_500_000, Impressions: 7 }),
    );
    await other.flush();

    const r = expectOk(await call('GetLineActuals', { lineIds: [line.ID, quiet.ID] })) as { Items: LineActuals[] };
    expect(r.Items).toEqual([
      {
        LineId: line.ID,
        Totals: [
          {
            Currency: 'ILS',
            Spend: 50.5,
            Impressions: 7,
            Clicks: 10,
            Conversions: 1.5,
            ConversionValue: 99.99,
            VideoViews: 0,
            FirstDay: '2026-01-07',
            LastDay: '2026-01-07',
            Days: 1,
          },
          {
            Currency: 'USD',
            Spend: 14,
            Impressions: 2005,
            Clicks: 30,
            Conversions: 4.5,
            ConversionValue: 299.97,
            VideoViews: 0,
            FirstDay: '2026-01-05',
            LastDay: '2026-01-06',
            Days: 2,
          },
        ],
      },
      { LineId: quiet.ID, Totals: [] },
    ]);
  });

  it("refuses a line of another account (403) and an unknown line (404); a sub-account's page reads its main account's lines", async () => {
    const mine = await seedDraft(c, 1);
    const elsewhere = await seedDraft(c, 1, await seedActivity(c, { accountId: c.accounts.other.ID }));
    expectError(await call('GetLineActuals', { lineIds: [mine.lines[0].ID, elsewhere.lines[0].ID] }), 403);
    expectError(await call('GetLineActuals', { lineIds: [987_654_321] }), 404);
    expectOk(await call('GetLineActuals', { lineIds: [mine.lines[0].ID] }, c.accounts.sub.ID));
    expectError(await call('GetLineActuals', { lineIds: [] }), 400);
  });
});
