import { saveAccountFee, saveAccountChannelField } from '../../lambdas/modules/channel-types/account-channel-types';
import { getLineVersionId } from '../../lambdas/modules/media-plans/store/plans';
import { rejectVersionFor } from '../../lambdas/modules/media-plans/plans';
import {
  channelType,
  current,
  PLAN_END,
  PLAN_START,
  seedActivity,
  seedApproved,
  seedDraft,
  seedLine,
  seedRate,
  seedSubmitted,
} from '../support/media-plans';
import { settleStreams } from '../support/streams';
import { makeCompany, type Company } from '../support/world';
import { auditOf, expectError, expectOk, info, itemsOf, lines, version } from './helpers';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Lines Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

const body = (versionId: number, typeId: number, extra: Record<string, unknown> = {}) => ({
  mediaChannel: {
    ID: 0,
    MediaMixId: versionId,
    AccountChannelTypeId: typeId,
    Name: 'Search brand',
    StartDate: PLAN_START,
    EndDate: PLAN_END,
    BuyType: 'CPC',
    UnitCost: 2.5,
    Budget: 1000,
    ImageCreatives: 1,
    VideoCreatives: 1,
    Notes: 'Brand terms',
    ...extra,
  },
});

describe('SaveMediaChannel: create', () => {
  it("adds a line with the account channel type's fees, planned KPIs, an audit entry and a locator", async () => {
    const p = await seedDraft(c, 0);
    const type = await channelType(c, 'Google Search');
    await saveAccountFee(c.admin, c.accounts.main.ID, [type.ID], 'ManagementFeePct', 12.5);
    await saveAccountFee(c.admin, c.accounts.main.ID, [type.ID], 'SystemFeePct', 2.25);
    const line = expectOk(await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, type.ID, { Name: '' })));
    expect(line).toMatchObject({
      MediaMixId: p.planVersion.ID,
      ActivityId: p.activity.ID,
      AccountId: c.accounts.main.ID,
      AccountChannelTypeId: type.ID,
      ChannelTypeId: type.ChannelTypeId,
      Name: type.Name,
      ChannelTypeName: type.Name,
      ManagementFeePct: 12.5,
      SystemFeePct: 2.25,
      Budget: 1000,
      UnitCost: 2.5,
      Kpis: { Impressions: null, Clicks: 400, Conversions: null, Views: null },
      version: 1,
      Archived: false,
      MonthlySplit: null,
      SourceLineId: null,
    });
    expect(line.BudgetMinor).toBeUndefined();
    expect(await getLineVersionId(c.companyId, line.ID)).toBe(p.planVersion.ID);
    const [entry] = await auditOf(c.companyId, 'MediaChannel', line.ID);
    expect(entry).toMatchObject({
      action: 'create',
      who: c.planner.email,
      before: null,
      after: { ID: line.ID, Budget: 1000 },
    });
    const got = expectOk(await lines(c, 'GetMediaChannelInfo', { channelId: line.ID }));
    expect(got).toMatchObject({
      ID: line.ID,
      Amounts: { Net: 1000, ManagementFee: 125, SystemFee: 22.5, CreativeFee: 1.8, Subtotal: 1149.3 },
      MediaMix: { ID: p.planVersion.ID, Version: 1, Status: 1, StatusName: 'Draft' },
    });
  });

  it('fees sent on the line win over the defaults; 0 % is a fee, not "empty"', async () => {
    const p = await seedDraft(c, 0);
    const type = await channelType(c, 'Google Search');
    const line = expectOk(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, type.ID, { ManagementFeePct: 0, SystemFeePct: 1.5 })),
    );
    expect(line).toMatchObject({ ManagementFeePct: 0, SystemFeePct: 1.5 });
  });

  it("dates must lie within the activity's: 400 naming the field; EndDate before StartDate is 400 too", async () => {
    const p = await seedDraft(c, 0);
    const type = await channelType(c);
    const before = await itemsOf(c);
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, type.ID, { StartDate: '2025-12-31' })),
      400,
      `mediaChannel.StartDate: the line runs 2025-12-31 to ${PLAN_END}, outside the activity's dates ${PLAN_START} to ${PLAN_END}`,
    );
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, type.ID, { EndDate: '2026-03-01' })),
      400,
      /^mediaChannel.EndDate: the line runs/,
    );
    expectError(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, type.ID, { StartDate: '2026-02-01', EndDate: '2026-01-01' }),
      ),
      400,
      'mediaChannel.EndDate: must be on or after StartDate',
    );
    expect(await itemsOf(c)).toEqual(before);
  });

  it('a channel type of another account, or one the account switched off, is 400', async () => {
    const p = await seedDraft(c, 0);
    const otherTypes = await channelType(c, 'Google Search', c.accounts.other.ID);
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, otherTypes.ID)),
      400,
      /mediaChannel.AccountChannelTypeId: \d+ is not a channel type of account/,
    );
    const off = await channelType(c, 'LinkedIn');
    await saveAccountChannelField(c.admin, c.accounts.main.ID, {
      ids: [off.ID],
      fieldName: 'Active',
      fieldValue: false,
    });
    expectError(await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, off.ID)), 400, /is inactive for account/);
  });

  it('MonthlySplit: months inside the dates whose parts add up to the budget, else 400', async () => {
    const p = await seedDraft(c, 0);
    const type = await channelType(c);
    expectError(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, type.ID, { MonthlySplit: { '2026-01': 600, '2026-02': 300 } }),
      ),
      400,
      'mediaChannel.MonthlySplit: parts sum to 900.00, the budget is 1000.00',
    );
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, type.ID, { MonthlySplit: { '2026-05': 1000 } })),
      400,
      /mediaChannel.MonthlySplit: 2026-05 is not a month/,
    );
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, type.ID, { MonthlySplit: { 'Jan 2026': 1000 } })),
      400,
      /mediaChannel.MonthlySplit/,
    );
    const ok = expectOk(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, type.ID, { MonthlySplit: { '2026-01': 700, '2026-02': 300 } }),
      ),
    );
    expect(ok.MonthlySplit).toEqual({ '2026-01': 700, '2026-02': 300 });
  });

  it('an unknown mix is 404; a Submitted, Approved or Rejected version refuses new lines (409)', async () => {
    const type = await channelType(c);
    expectError(await lines(c, 'SaveMediaChannel', body(987654, type.ID)), 404, 'Media mix 987654 was not found');
    const submitted = await seedSubmitted(c);
    expectError(
      await lines(c, 'SaveMediaChannel', body(submitted.planVersion.ID, type.ID)),
      409,
      'Version 1 is Submitted; it cannot change until it is approved or rejected',
    );
    const approved = await seedApproved(c);
    expectError(
      await lines(c, 'SaveMediaChannel', body(approved.planVersion.ID, type.ID)),
      409,
      'Version 1 is Approved; create a new version to change it',
    );
    const s2 = await seedSubmitted(c);
    await rejectVersionFor(c.approver, c.accounts.main.ID, {
      mediaMixId: s2.planVersion.ID,
      version: s2.planVersion.version,
      reason: 'No',
    });
    expectError(
      await lines(c, 'SaveMediaChannel', body(s2.planVersion.ID, type.ID)),
      409,
      'Version 1 is Rejected; create a new version to change it',
    );
  });
});

describe('SaveMediaChannel: update', () => {
  it('changes a line from the version read, keeps its fees when none are sent, audits before and after', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const r = expectOk(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, l.AccountChannelTypeId, {
          ID: l.ID,
          version: l.version,
          Budget: 2000,
          BuyType: 'CPM',
          UnitCost: 40,
          ManagementFeePct: null,
          SystemFeePct: null,
        }),
      ),
    );
    expect(r).toMatchObject({
      ID: l.ID,
      version: 2,
      Budget: 2000,
      ManagementFeePct: l.ManagementFeePct,
      SystemFeePct: l.SystemFeePct,
      Kpis: { Impressions: 50000 },
    });
    await settleStreams(); // a one-write change is audited from the table's change stream
    const trail = await auditOf(c.companyId, 'MediaChannel', l.ID);
    const update = trail.find((e) => e.action === 'update')!;
    expect(update.before).toMatchObject({ Budget: l.Budget, version: 1 });
    expect(update.after).toMatchObject({ Budget: 2000, version: 2 });
    expect((await info(c, p.planVersion.ID)).Totals.Net).toBe(2000);
  });

  it("a new channel type brings that type's fees when none are sent", async () => {
    const p = await seedDraft(c, 1);
    const meta = await channelType(c, 'Meta (Facebook)');
    await saveAccountFee(c.admin, c.accounts.main.ID, [meta.ID], 'ManagementFeePct', 17);
    const r = expectOk(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, meta.ID, { ID: p.lines[0].ID, version: 1, ManagementFeePct: null }),
      ),
    );
    expect(r).toMatchObject({ AccountChannelTypeId: meta.ID, ManagementFeePct: 17, ChannelTypeName: meta.Name });
  });

  it('needs the version read (400 without, 409 when stale); an unknown line is 404', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, l.AccountChannelTypeId, { ID: l.ID })),
      400,
      'mediaChannel.version: is required',
    );
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, l.AccountChannelTypeId, { ID: l.ID, version: 7 })),
      409,
      /changed by someone else/,
    );
    expectError(
      await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, l.AccountChannelTypeId, { ID: 987654, version: 1 })),
      404,
      /Media channel 987654 was not found/,
    );
  });

  it('two concurrent saves of the same line from the same version: one wins, the other is 409', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const replies = await Promise.all(
      [1111, 2222].map((Budget) =>
        lines(
          c,
          'SaveMediaChannel',
          body(p.planVersion.ID, l.AccountChannelTypeId, { ID: l.ID, version: l.version, Budget }),
        ),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.status === 200)!.body.Response;
    const now = await info(c, p.planVersion.ID);
    expect(now.Lines[0]).toMatchObject({ Budget: winner.Budget, version: 2 });
    expect(now.Totals.Net).toBe(winner.Budget);
  });

  it('concurrent saves of different lines of one plan all succeed; the version list and the plan show the same totals, before and after Submit', async () => {
    const p = await seedDraft(c, 4);
    const replies = await Promise.all(
      p.lines.map((l, i) =>
        lines(
          c,
          'SaveMediaChannel',
          body(p.planVersion.ID, l.AccountChannelTypeId, {
            ID: l.ID,
            version: l.version,
            Budget: 100 * (i + 1),
            ManagementFeePct: 15,
          }),
        ),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }));
    const detail = await info(c, p.planVersion.ID);
    expect(detail.Totals.Net).toBe(1000);
    expect(list.Items[0]).toMatchObject({ Net: detail.Totals.Net, Total: detail.Totals.Total, LineCount: 4 });
    // Submit sets the header's sums from the lines: the list (which reads them then) still agrees.
    expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: detail.version }));
    const submitted = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }));
    expect(submitted.Items[0]).toMatchObject({ Status: 2, Net: 1000, Total: detail.Totals.Total, LineCount: 4 });
  });

  it('an approved version refuses line edits and deletes (409), and its lines stay as they were', async () => {
    const p = await seedApproved(c, 2);
    const l = p.lines[0];
    const before = await itemsOf(c);
    expectError(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, l.AccountChannelTypeId, { ID: l.ID, version: l.version, Budget: 5 }),
      ),
      409,
      'Version 1 is Approved; create a new version to change it',
    );
    expectError(
      await lines(c, 'DeleteMediaChannel', { channelId: l.ID }),
      409,
      'Version 1 is Approved; create a new version to change it',
    );
    expect(await itemsOf(c)).toEqual(before);
  });

  it("a line of another account's plan with this page's x-account-id is 403", async () => {
    const a = await seedActivity(c, { accountId: c.accounts.other.ID });
    const m = expectOk(
      await version(
        c,
        'SaveMediaMix',
        { mediaMix: { ID: 0, ActivityId: a.ID, Name: 'Other' } },
        c.planner,
        c.accounts.other.ID,
      ),
    );
    const l = await seedLine(c, m);
    expectError(
      await lines(c, 'SaveMediaChannel', body(m.ID, l.AccountChannelTypeId, { ID: l.ID, version: 1 })),
      403,
      /not part of account/,
    );
    expectError(await lines(c, 'GetMediaChannelInfo', { channelId: l.ID }), 403, /not part of account/);
    expectError(await lines(c, 'DeleteMediaChannel', { channelId: l.ID }), 403, /not part of account/);
  });
});

describe('DeleteMediaChannel', () => {
  it('archives the line: out of the plan and its totals, still readable, audited with its before-image; again is a no-op', async () => {
    const p = await seedDraft(c, 2);
    const [keep, gone] = p.lines;
    const r = expectOk(await lines(c, 'DeleteMediaChannel', { channelId: gone.ID }));
    expect(r).toMatchObject({ ID: gone.ID, Archived: true, ArchivedBy: c.planner.email, version: 2 });
    const now = await info(c, p.planVersion.ID);
    expect(now.Lines.map((l: { ID: number }) => l.ID)).toEqual([keep.ID]);
    expect(now.Totals.Net).toBe(keep.Budget);
    expect(now.LineCount).toBe(1);
    expect(expectOk(await lines(c, 'GetMediaChannelInfo', { channelId: gone.ID }))).toMatchObject({ Archived: true });
    const archive = (await auditOf(c.companyId, 'MediaChannel', gone.ID)).find((e) => e.action === 'archive')!;
    expect(archive.before).toMatchObject({ ID: gone.ID, Budget: gone.Budget, Archived: false });
    const again = expectOk(await lines(c, 'DeleteMediaChannel', { channelId: gone.ID }));
    expect(again.version).toBe(2);
    // An archived line cannot be saved back into the plan.
    expectError(
      await lines(
        c,
        'SaveMediaChannel',
        body(p.planVersion.ID, gone.AccountChannelTypeId, { ID: gone.ID, version: 2 }),
      ),
      404,
    );
    expect((await current(c, p.planVersion.ID)).LineCount).toBe(1);
  });

  it('an unknown channel is 404', async () => {
    expectError(await lines(c, 'DeleteMediaChannel', { channelId: 987654 }), 404, 'Media channel 987654 was not found');
    expectError(await lines(c, 'GetMediaChannelInfo', { channelId: 987654 }), 404);
  });
});
