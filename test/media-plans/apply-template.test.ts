import { saveAccountChannelField } from '../../lambdas/modules/channel-types/account-channel-types';
import { archiveTemplate } from '../../lambdas/modules/templates/templates';
import { submitVersion } from '../../lambdas/modules/media-plans/plans';
import { listAccountChannelTypes } from '../../lambdas/modules/channel-types/account-channel-type-store.dynamodb';
import { getLineVersionId, getVersionHeader, versionWriteHooks } from '../../lambdas/modules/media-plans/store/plans';
import { catalogueType } from '../support/fixtures/platform';
import {
  channelType,
  current,
  seedActivity,
  seedApproved,
  seedDraft,
  seedVersion,
  seedRate,
  seedTemplate,
} from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { expectError, expectOk, info, itemsOf, version } from './helpers';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Templates Agency');
});

const apply = (co: Company, body: Record<string, unknown>, accountId = co.accounts.main.ID, as = co.planner) =>
  invoke('TemplatesService', 'ApplyTemplate', { as, accountId, body });

const sumMinor = (budgets: number[]) => budgets.reduce((s, b) => s + Math.round(b * 100), 0);

describe('TemplatesService.ApplyTemplate', () => {
  it('splits the total by the shares so the lines add up to exactly the total (largest remainder)', async () => {
    const templateId = await seedTemplate(c, [
      { type: 'Google Search', share: 33.33, buyType: 'CPC', unitCost: 1.2 },
      { type: 'Meta (Facebook)', share: 33.33, buyType: 'CPM', unitCost: 30 },
      { type: 'YouTube', share: 33.34, buyType: 'CPV', unitCost: 0.04 },
    ]);
    const p = await seedDraft(c, 0);
    const r = expectOk(await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 1000.01 }));
    expect(r.Lines.map((l: { Budget: number }) => l.Budget)).toEqual([333.3, 333.3, 333.41]);
    expect(sumMinor(r.Lines.map((l: { Budget: number }) => l.Budget))).toBe(100001);
    const now = await info(c, p.planVersion.ID);
    expect(now.Totals.Net).toBe(1000.01);
    expect(now.Lines).toHaveLength(3);
  });

  it("maps each catalogue type to the account's copy; dates are the activity's; empty template fees come from the copy", async () => {
    const templateId = await seedTemplate(c, [
      { type: 'Google Search', share: 70, buyType: 'CPC', unitCost: 2.5, managementFeePct: 9 },
      { type: 'Meta (Facebook)', share: 30, buyType: 'CPM', unitCost: 35 },
    ]);
    const activity = await seedActivity(c, { start: '2026-04-01', end: '2026-06-30' });
    const m = await seedVersion(c, activity);
    const r = expectOk(await apply(c, { templateId, mediaMixId: m.ID, totalBudget: 20000 }));
    const copies = await listAccountChannelTypes(c.companyId, c.accounts.main.ID);
    const [search, meta] = await Promise.all([catalogueType('Google Search'), catalogueType('Meta (Facebook)')]);
    const metaCopy = copies.find((t) => t.ChannelTypeId === meta.ID)!;
    expect(r.Lines[0]).toMatchObject({
      ChannelTypeId: search.ID,
      AccountChannelTypeId: copies.find((t) => t.ChannelTypeId === search.ID)!.ID,
      Budget: 14000,
      BuyType: 'CPC',
      UnitCost: 2.5,
      ManagementFeePct: 9,
      StartDate: '2026-04-01',
      EndDate: '2026-06-30',
      Kpis: { Clicks: 5600 },
    });
    expect(r.Lines[1]).toMatchObject({
      AccountChannelTypeId: metaCopy.ID,
      Budget: 6000,
      ManagementFeePct: metaCopy.ManagementFeePct,
      SystemFeePct: metaCopy.SystemFeePct,
    });
    expect(await getLineVersionId(c.companyId, r.Lines[0].ID)).toBe(m.ID);
  });

  it('adds to the lines the draft already has', async () => {
    const templateId = await seedTemplate(c);
    const p = await seedDraft(c, 2);
    expectOk(await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 500 }));
    const now = await info(c, p.planVersion.ID);
    expect(now.Lines).toHaveLength(4);
    expect(now.Totals.Net).toBe(1000 + 1001 + 500);
    expect(now.LineCount).toBe(4);
  });

  it("sets up the account's channel types first when it has none", async () => {
    const d = await makeCompany('Fresh Types Agency');
    const templateId = await seedTemplate(d);
    const activity = await seedActivity(d);
    const m = await seedVersion(d, activity);
    expect(await listAccountChannelTypes(d.companyId, d.accounts.main.ID)).toHaveLength(0);
    const r = expectOk(await apply(d, { templateId, mediaMixId: m.ID, totalBudget: 100 }));
    expect(r.Lines).toHaveLength(2);
    expect((await listAccountChannelTypes(d.companyId, d.accounts.main.ID)).length).toBeGreaterThan(2);
  });

  it('a template channel the account does not have active is 400 naming it, and nothing is written', async () => {
    const d = await makeCompany('Missing Type Agency');
    const templateId = await seedTemplate(d);
    const p = await seedDraft(d, 1);
    const tiktok = await channelType(d, 'Meta (Facebook)');
    await saveAccountChannelField(d.admin, d.accounts.main.ID, {
      ids: [tiktok.ID],
      fieldName: 'Active',
      fieldValue: false,
    });
    const before = await itemsOf(d);
    const r = await apply(d, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 100 });
    expectError(r, 400, /does not have active: Meta \(Facebook\) \(\d+, inactive\)/);
    expect(await itemsOf(d)).toEqual(before);
  });

  it('only a Draft (409), of the page (403), with an active template (409) that exists (404); totalBudget > 0 (400)', async () => {
    await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
    const templateId = await seedTemplate(c);
    const approved = await seedApproved(c);
    expectError(
      await apply(c, { templateId, mediaMixId: approved.planVersion.ID, totalBudget: 100 }),
      409,
      'Version 1 is Approved; create a new version to change it',
    );
    const other = await seedActivity(c, { accountId: c.accounts.other.ID });
    const otherVersion = await seedVersion(c, other);
    expectError(
      await apply(c, { templateId, mediaMixId: otherVersion.ID, totalBudget: 100 }),
      403,
      /not part of account/,
    );
    const p = await seedDraft(c, 0);
    expectError(
      await apply(c, { templateId: 987654, mediaMixId: p.planVersion.ID, totalBudget: 100 }),
      404,
      'Template 987654 was not found',
    );
    expectError(
      await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 0 }),
      400,
      'totalBudget: must be greater than 0',
    );
    expectError(
      await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 10.001 }),
      400,
      /totalBudget: may have at most 2 decimals/,
    );
    await archiveTemplate(c.admin, templateId);
    expectError(await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 100 }), 409, /archived/);
    expectError(
      await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 100 }, c.accounts.main.ID, c.client),
      403,
      /client users/,
    );
  });
});

/** 60 lines: 120 line and locator writes, past one transaction's 100 items. */
const BIG = Array.from({ length: 60 }, (_, i) => ({
  type: ['Google Search', 'Meta (Facebook)', 'YouTube', 'Instagram'][i % 4],
  share: i < 40 ? 1.66 : 1.68,
  buyType: 'CPM',
  unitCost: 12.5,
}));

describe('a template past one transaction (staged lines, compensated)', () => {
  afterEach(() => {
    delete versionWriteHooks.beforeCommit;
  });

  it('writes all 60 lines; they add up exactly; the plan counts them once', async () => {
    const templateId = await seedTemplate(c, BIG);
    const p = await seedDraft(c, 0);
    const r = expectOk(await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 123456.78 }));
    expect(r.Lines).toHaveLength(60);
    expect(sumMinor(r.Lines.map((l: { Budget: number }) => l.Budget))).toBe(12345678);
    const now = await info(c, p.planVersion.ID);
    expect(now.Lines).toHaveLength(60);
    expect(now.Totals.Net).toBe(123456.78);
    const header = (await getVersionHeader(c.companyId, p.planVersion.ID, true))!;
    expect(header).toMatchObject({ LineCount: 60, NetMinor: 12345678 });
    expect(header.PendingApplies).toBeUndefined();
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }));
    expect(list.Items[0].Net).toBe(123456.78);
  });

  it('when the plan is submitted before the lines commit: 409, and the staged lines are gone again', async () => {
    const templateId = await seedTemplate(c, BIG);
    const p = await seedDraft(c, 1);
    const before = await itemsOf(c);
    let seenWhileStaged: number | undefined;
    versionWriteHooks.beforeCommit = async () => {
      seenWhileStaged = (await info(c, p.planVersion.ID)).Lines.length; // staged lines are invisible
      const h = await current(c, p.planVersion.ID);
      await submitVersion(c.planner, c.accounts.main.ID, { mediaMixId: p.planVersion.ID, version: h.version });
    };
    const r = await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 5000 });
    expectError(r, 409, 'Version 1 is Submitted; it cannot change until it is approved or rejected');
    expect(seenWhileStaged).toBe(1);
    const now = await info(c, p.planVersion.ID);
    expect(now.Lines).toHaveLength(1);
    expect(now.StatusName).toBe('Submitted');
    // Everything but the submit itself (the header, its audit entry, the lock on the one line) is as
    // before: no staged line, locator or pending mark left.
    const after = await itemsOf(c);
    const changed = after.filter((i) => !before.includes(i));
    const lockedLine = (i: string) =>
      i.includes('"entity":"MediaChannel"') && i.includes(`"ID":${p.lines[0].ID},`) && !i.includes('"Editable"');
    // The Submit stands, so its notifications to the approvers (from the change stream) are there too.
    expect(
      changed.filter(
        (i) =>
          !(
            i.includes('"entity":"MediaMix"') ||
            i.includes('#AUDIT') ||
            i.includes('"entity":"Notification"') ||
            lockedLine(i)
          ),
      ),
    ).toEqual([]);
    expect(changed.filter(lockedLine)).toHaveLength(1);
    expect((await getVersionHeader(c.companyId, p.planVersion.ID, true))!.PendingApplies).toBeUndefined();
  });

  it('CreateMediaMixVersion copies a 60-line approved plan (staged: the lines exist before the header that shows them)', async () => {
    await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
    const templateId = await seedTemplate(c, BIG);
    const p = await seedDraft(c, 0);
    expectOk(await apply(c, { templateId, mediaMixId: p.planVersion.ID, totalBudget: 99999.99 }));
    const s = expectOk(
      await version(c, 'SubmitMediaMix', {
        mediaMixId: p.planVersion.ID,
        version: (await current(c, p.planVersion.ID)).version,
        confirmOverBudget: true,
      }),
    );
    expectOk(await version(c, 'ApproveMediaMix', { mediaMixId: p.planVersion.ID, version: s.version }, c.approver));
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
    const copy = await info(c, v2.ID);
    expect(copy.Lines).toHaveLength(60);
    expect(copy.Totals.Net).toBe(99999.99);
    expect(copy.LineCount).toBe(60);
  });
});
