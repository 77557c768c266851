import { rejectVersionFor } from '../../lambdas/modules/media-plans/plans';
import { getActivityPlan } from '../../lambdas/modules/media-plans/store/plans';
import { VersionStatus } from '../../lambdas/shared/version-status';
import { Permission, Role } from '../../lambdas/shared/permissions';
import {
  current,
  seedActivity,
  seedApproved,
  seedDraft,
  seedLine,
  seedRate,
  seedSubmitted,
  type SeededPlan,
} from '../support/media-plans';
import { makeCompany, makeUser, type Company } from '../support/world';
import { auditOf, expectError, expectOk, info, itemsOf, lines, version } from './helpers';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Lifecycle Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

type State = 'Draft' | 'Submitted' | 'Approved' | 'Rejected';

async function inState(state: State): Promise<SeededPlan> {
  if (state === 'Draft') return seedDraft(c, 1);
  if (state === 'Submitted') return seedSubmitted(c);
  if (state === 'Approved') return seedApproved(c);
  const p = await seedSubmitted(c);
  return {
    ...p,
    planVersion: await rejectVersionFor(c.approver, c.accounts.main.ID, {
      mediaMixId: p.planVersion.ID,
      version: p.planVersion.version,
      reason: 'No',
    }),
  };
}

describe('SaveMediaMix', () => {
  it('starts version 1 of an activity plan as a Draft, audited, and refuses a second plan for the same activity', async () => {
    const a = await seedActivity(c);
    const r = await version(c, 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: a.ID, Name: 'Spring plan' } });
    const m = expectOk(r);
    expect(m).toMatchObject({
      ActivityId: a.ID,
      AccountId: c.accounts.main.ID,
      Version: 1,
      Name: 'Spring plan',
      Status: 1,
      StatusName: 'Draft',
      version: 1,
      ApprovedBy: null,
    });
    expect(await auditOf(c.companyId, 'MediaMix', m.ID)).toHaveLength(1);
    const again = await version(c, 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: a.ID, Name: 'Another' } });
    expectError(again, 409, /already has a media plan/);
  });

  it('renames a Draft from the version read; a stale version is 409', async () => {
    const p = await seedDraft(c, 0);
    const r = await version(c, 'SaveMediaMix', {
      mediaMix: { ID: p.planVersion.ID, ActivityId: p.activity.ID, Name: 'Renamed', version: p.planVersion.version },
    });
    expect(expectOk(r)).toMatchObject({ Name: 'Renamed', version: p.planVersion.version + 1 });
    const stale = await version(c, 'SaveMediaMix', {
      mediaMix: { ID: p.planVersion.ID, ActivityId: p.activity.ID, Name: 'Again', version: p.planVersion.version },
    });
    expectError(stale, 409, /changed by someone else/);
    const moved = await version(c, 'SaveMediaMix', {
      mediaMix: {
        ID: p.planVersion.ID,
        ActivityId: p.activity.ID + 1000,
        Name: 'Moved',
        version: p.planVersion.version + 1,
      },
    });
    expectError(moved, 400, /mediaMix.ActivityId/);
  });

  it.each(['Submitted', 'Approved', 'Rejected'] as State[])(
    'refuses to change a %s version (409 says what to do)',
    async (state) => {
      const p = await inState(state);
      const r = await version(c, 'SaveMediaMix', {
        mediaMix: { ID: p.planVersion.ID, ActivityId: p.activity.ID, Name: 'Edit', version: p.planVersion.version },
      });
      expectError(
        r,
        409,
        state === 'Submitted'
          ? `Version 1 is Submitted; it cannot change until it is approved or rejected`
          : `Version 1 is ${state}; create a new version to change it`,
      );
    },
  );

  it('refuses an activity of another account (403) or of a deleted activity (409)', async () => {
    const other = await seedActivity(c, { accountId: c.accounts.other.ID });
    const r = await version(c, 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: other.ID, Name: 'Steal' } });
    expectError(r, 403, /not part of account/);
  });
});

describe('legal transitions', () => {
  it('Draft → Submitted → Approved: stamps, fixed rate and pricing, audit; the plan has no open version then', async () => {
    const p = await seedDraft(c, 1);
    const submitted = expectOk(
      await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: p.planVersion.version }),
    );
    expect(submitted).toMatchObject({ Status: VersionStatus.Submitted, SubmittedBy: c.planner.email });
    const approved = expectOk(
      await version(c, 'ApproveMediaMix', { mediaMixId: p.planVersion.ID, version: submitted.version }, c.approver),
    );
    expect(approved).toMatchObject({
      Status: VersionStatus.Approved,
      StatusName: 'Approved',
      ApprovedBy: c.approver.email,
      ExchangeRate: 3.7,
      ExchangeRateFrom: 'USD',
      ExchangeRateTo: 'ILS',
      ExchangeRateDate: '2001-02-03',
      Pricing: { VatPct: 18, ImageSubmitFee: 0.5, VideoSubmitFee: 1.3, SetupFee: 300, ApplyVat: true, Currency: 2 },
    });
    expect(approved.ApprovedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await getActivityPlan(c.companyId, p.activity.ID, true)).toMatchObject({
      OpenMixId: null,
      ApprovedMixId: p.planVersion.ID,
      ApprovedVersion: 1,
      LatestVersion: 1,
    });
    const trail = await auditOf(c.companyId, 'MediaMix', p.planVersion.ID);
    expect(trail.map((e) => e.after.StatusName).sort()).toEqual(['Approved', 'Draft', 'Submitted']);
  });

  it('Submitted → Rejected with a reason (required, at most 1000 characters)', async () => {
    const p = await seedSubmitted(c);
    expectError(
      await version(
        c,
        'RejectMediaMix',
        { mediaMixId: p.planVersion.ID, version: p.planVersion.version, reason: '' },
        c.approver,
      ),
      400,
      /reason/,
    );
    expectError(
      await version(
        c,
        'RejectMediaMix',
        { mediaMixId: p.planVersion.ID, version: p.planVersion.version, reason: 'x'.repeat(1001) },
        c.approver,
      ),
      400,
      /reason/,
    );
    const r = expectOk(
      await version(
        c,
        'RejectMediaMix',
        { mediaMixId: p.planVersion.ID, version: p.planVersion.version, reason: 'Too much display' },
        c.approver,
      ),
    );
    expect(r).toMatchObject({
      Status: VersionStatus.Rejected,
      RejectReason: 'Too much display',
      RejectedBy: c.approver.email,
    });
  });

  it.each(['Approved', 'Rejected'] as State[])(
    'CreateMediaMixVersion copies a %s version into a Draft with Version = latest + 1',
    async (state) => {
      const p = await inState(state);
      await seedLine(c, p.planVersion, { Budget: 10 }).catch(() => undefined); // refused: not a Draft
      const before = await info(c, p.planVersion.ID);
      const created = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
      expect(created).toMatchObject({
        Version: 2,
        Status: VersionStatus.Draft,
        SourceMixId: p.planVersion.ID,
        ActivityId: p.activity.ID,
        Name: p.planVersion.Name,
        ApprovedBy: null,
        ExchangeRate: null,
      });
      const copy = await info(c, created.ID);
      expect(copy.Lines).toHaveLength(before.Lines.length);
      expect(copy.Lines.map((l: { SourceLineId: number }) => l.SourceLineId)).toEqual(
        before.Lines.map((l: { ID: number }) => l.ID),
      );
      expect(
        copy.Lines.every(
          (l: { ID: number; MediaMixId: number; version: number }) => l.MediaMixId === created.ID && l.version === 1,
        ),
      ).toBe(true);
      expect(copy.Totals.Net).toBe(before.Totals.Net);
      // The source is untouched.
      expect((await info(c, p.planVersion.ID)).Status).toBe(state === 'Approved' ? 3 : 4);
    },
  );

  it('only one Draft at a time: a second new version while one is a Draft, or Submitted, is 409', async () => {
    const p = await seedApproved(c);
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
    expectError(
      await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }),
      409,
      /Version 2 is a Draft already/,
    );
    await seedLine(c, v2);
    const v2now = await current(c, v2.ID);
    expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: v2.ID, version: v2now.version }));
    expectError(
      await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }),
      409,
      'Version 2 is Submitted; approve or reject it before starting a new version',
    );
  });

  it('two planners creating a version at once: one succeeds, one gets 409, and only one Draft exists', async () => {
    const p = await seedApproved(c);
    const replies = await Promise.all([
      version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }),
      version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }));
    expect(list.Items.map((m: { Version: number }) => m.Version)).toEqual([2, 1]);
  });

  it('versions number on: 1 approved → 2 rejected → 3 draft', async () => {
    const p = await seedApproved(c);
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
    const v2s = expectOk(
      await version(c, 'SubmitMediaMix', { mediaMixId: v2.ID, version: (await current(c, v2.ID)).version }),
    );
    expectOk(
      await version(
        c,
        'RejectMediaMix',
        { mediaMixId: v2.ID, version: v2s.version, reason: 'Rework video' },
        c.approver,
      ),
    );
    const v3 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: v2.ID }));
    expect(v3).toMatchObject({ Version: 3, SourceMixId: v2.ID });
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }));
    expect(list.Items.map((m: { Version: number; StatusName: string }) => `${m.Version} ${m.StatusName}`)).toEqual([
      '3 Draft',
      '2 Rejected',
      '1 Approved',
    ]);
  });
});

describe('illegal transitions answer 409 naming both states', () => {
  const cases: [string, State, string][] = [
    ['SubmitMediaMix', 'Submitted', 'Cannot submit a Submitted version (only a Draft version can be submitted)'],
    ['SubmitMediaMix', 'Approved', 'Cannot submit an Approved version (only a Draft version can be submitted)'],
    ['SubmitMediaMix', 'Rejected', 'Cannot submit a Rejected version (only a Draft version can be submitted)'],
    ['ApproveMediaMix', 'Draft', 'Cannot approve a Draft version (only a Submitted version can be approved)'],
    ['ApproveMediaMix', 'Approved', 'Cannot approve an Approved version (only a Submitted version can be approved)'],
    ['ApproveMediaMix', 'Rejected', 'Cannot approve a Rejected version (only a Submitted version can be approved)'],
    ['RejectMediaMix', 'Draft', 'Cannot reject a Draft version (only a Submitted version can be rejected)'],
    ['RejectMediaMix', 'Approved', 'Cannot reject an Approved version (only a Submitted version can be rejected)'],
    ['RejectMediaMix', 'Rejected', 'Cannot reject a Rejected version (only a Submitted version can be rejected)'],
    [
      'CreateMediaMixVersion',
      'Draft',
      'Cannot create a new version from a Draft version (only an Approved or Rejected version can be copied into a new version)',
    ],
    [
      'CreateMediaMixVersion',
      'Submitted',
      'Cannot create a new version from a Submitted version (only an Approved or Rejected version can be copied into a new version)',
    ],
  ];
  it.each(cases)('%s on a %s version', async (method, state, message) => {
    const p = await inState(state);
    const before = await itemsOf(c);
    const body = { mediaMixId: p.planVersion.ID, version: p.planVersion.version, reason: 'Because' };
    const r = await version(
      c,
      method,
      method === 'CreateMediaMixVersion' ? { mediaMixId: p.planVersion.ID } : body,
      method === 'SubmitMediaMix' || method === 'CreateMediaMixVersion' ? c.planner : c.approver,
    );
    expectError(r, 409, message);
    expect(await itemsOf(c)).toEqual(before);
  });

  it('a transition from a stale version is 409 "changed by someone else"', async () => {
    const p = await seedDraft(c, 1);
    expectError(
      await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: p.planVersion.version - 1 }),
      409,
      /changed by someone else/,
    );
  });

  it('a line change after reading bumps the version: submitting what was read before is stale', async () => {
    const p = await seedDraft(c, 1);
    await seedLine(c, p.planVersion, { Budget: 5 });
    expectError(
      await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: p.planVersion.version }),
      409,
      /changed by someone else/,
    );
  });

  it('a Draft without lines cannot be submitted', async () => {
    const p = await seedDraft(c, 0);
    expectError(
      await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: p.planVersion.version }),
      409,
      'Version 1 has no lines; add at least one line before submitting it',
    );
  });
});

describe('who may do what', () => {
  it('approval or rejection by a client user is 403, by a planner without MediaPlanApprover too', async () => {
    const p = await seedSubmitted(c);
    const body = { mediaMixId: p.planVersion.ID, version: p.planVersion.version, reason: 'x' };
    expectError(await version(c, 'ApproveMediaMix', body, c.client), 403, /Required permission missing/);
    expectError(await version(c, 'RejectMediaMix', body, c.client), 403, /Required permission missing/);
    expectError(await version(c, 'ApproveMediaMix', body, c.planner), 403, /MediaPlanApprover/);
    // A client user who somehow holds MediaPlanApprover is not client-only: that is an agency user.
    expect((await info(c, p.planVersion.ID)).Status).toBe(VersionStatus.Submitted);
  });

  it('client users cannot plan: save, submit, copy, lines are 403', async () => {
    const p = await seedApproved(c);
    expectError(
      await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: 1 }, c.client),
      403,
      /client users/,
    );
    expectError(
      await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }, c.client),
      403,
      /client users/,
    );
    expectError(
      await version(c, 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: p.activity.ID, Name: 'x' } }, c.client),
      403,
      /client users/,
    );
    expectError(await lines(c, 'DeleteMediaChannel', { channelId: p.lines[0].ID }, c.client), 403, /client users/);
  });

  it('client users see only Approved versions: list filtered, others 404 (info, export, lines)', async () => {
    const p = await seedApproved(c);
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
    const staffList = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }));
    expect(staffList.Items.map((m: { Version: number }) => m.Version)).toEqual([2, 1]);
    const clientList = expectOk(await version(c, 'GetMediaMixList', { activityId: p.activity.ID }, c.client));
    expect(clientList.Items.map((m: { Version: number }) => m.Version)).toEqual([1]);
    expectError(
      await version(c, 'GetMediaMixInfo', { mediaMixId: v2.ID }, c.client),
      404,
      `Media mix ${v2.ID} was not found`,
    );
    expectError(await version(c, 'ExportMediaMix', { mediaMixId: v2.ID }, c.client), 404);
    const copied = await info(c, v2.ID);
    expectError(await lines(c, 'GetMediaChannelInfo', { channelId: copied.Lines[0].ID }, c.client), 404);
    expect((await info(c, p.planVersion.ID, c.client)).Status).toBe(VersionStatus.Approved);
    expectOk(await lines(c, 'GetMediaChannelInfo', { channelId: p.lines[0].ID }, c.client));
  });
});

describe('client sign-off and decline', () => {
  it('a client of the account signs off an Approved version: it stays Approved, stamped; a second answer is 409', async () => {
    const p = await seedApproved(c);
    const r = expectOk(await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.client));
    expect(r).toMatchObject({
      Status: VersionStatus.Approved,
      ClientApprovedBy: c.client.email,
      ClientDeclinedBy: null,
    });
    expect(r.ClientApprovedAt).toMatch(/^\d{4}-/);
    expectError(
      await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.client),
      409,
      /already signed off/,
    );
    expectError(
      await version(c, 'ClientDecline', { mediaMixId: p.planVersion.ID, comment: 'Changed my mind' }, c.client),
      409,
      /already signed off/,
    );
  });

  it('a decline keeps the version Approved and flags it with the comment; the client may still sign off after', async () => {
    const p = await seedApproved(c);
    expectError(
      await version(c, 'ClientDecline', { mediaMixId: p.planVersion.ID, comment: '' }, c.client),
      400,
      /comment/,
    );
    const d = expectOk(
      await version(c, 'ClientDecline', { mediaMixId: p.planVersion.ID, comment: 'More video please' }, c.client),
    );
    expect(d).toMatchObject({
      Status: VersionStatus.Approved,
      ClientDeclinedBy: c.client.email,
      ClientDeclinedComment: 'More video please',
      ClientApprovedBy: null,
    });
    const s = expectOk(await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.client));
    expect(s).toMatchObject({ ClientApprovedBy: c.client.email, ClientDeclinedBy: null, ClientDeclinedComment: null });
  });

  it('only on Approved versions: Draft, Submitted and Rejected ones do not exist for a client (404)', async () => {
    for (const state of ['Draft', 'Submitted', 'Rejected'] as State[]) {
      const p = await inState(state);
      expectError(await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.client), 404);
      expectError(await version(c, 'ClientDecline', { mediaMixId: p.planVersion.ID, comment: 'No' }, c.client), 404);
    }
  });

  it('own accounts only: a client of another account is 403 (page header or mix id of another account)', async () => {
    const p = await seedApproved(c);
    const otherClient = await makeUser(c.companyId, Role.Client, [Permission.ClientZone], {
      accountAccess: [c.accounts.other.ID],
    });
    expectError(
      await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, otherClient),
      403,
      /No access to account/,
    );
    expectError(
      await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, otherClient, c.accounts.other.ID),
      403,
      /not part of account/,
    );
    expect((await info(c, p.planVersion.ID)).ClientApprovedBy).toBeNull();
  });

  it('agency staff cannot sign off for the client (403), and a planner lacks ClientZone (403)', async () => {
    const p = await seedApproved(c);
    expectError(await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.admin), 403, /only client users/);
    expectError(
      await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.planner),
      403,
      'Required permission missing: ClientZone',
    );
  });

  it('a version replaced by a newer approved one cannot be answered any more', async () => {
    const p = await seedApproved(c);
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
    const s = expectOk(
      await version(c, 'SubmitMediaMix', { mediaMixId: v2.ID, version: (await current(c, v2.ID)).version }),
    );
    expectOk(await version(c, 'ApproveMediaMix', { mediaMixId: v2.ID, version: s.version }, c.approver));
    expectError(
      await version(c, 'ClientSignOff', { mediaMixId: p.planVersion.ID }, c.client),
      409,
      'Version 1 was replaced by version 2; answer the latest approved version',
    );
    expectOk(await version(c, 'ClientSignOff', { mediaMixId: v2.ID }, c.client));
  });
});

describe('scope (IDOR)', () => {
  it("another account's mix with this page's x-account-id is 403, and nothing changes", async () => {
    const a = await seedActivity(c, { accountId: c.accounts.other.ID });
    const m = expectOk(
      await version(
        c,
        'SaveMediaMix',
        { mediaMix: { ID: 0, ActivityId: a.ID, Name: 'Other plan' } },
        c.planner,
        c.accounts.other.ID,
      ),
    );
    const before = await itemsOf(c);
    for (const [method, body] of [
      ['GetMediaMixInfo', { mediaMixId: m.ID }],
      ['ExportMediaMix', { mediaMixId: m.ID }],
      ['SubmitMediaMix', { mediaMixId: m.ID, version: 1 }],
      ['CreateMediaMixVersion', { mediaMixId: m.ID }],
      ['GetMediaMixList', { activityId: a.ID }],
      ['SaveMediaMix', { mediaMix: { ID: m.ID, ActivityId: a.ID, Name: 'x', version: 1 } }],
    ] as const) {
      expectError(await version(c, method, body), 403, /not part of account/);
    }
    expectError(
      await lines(c, 'SaveMediaChannel', {
        mediaChannel: {
          ID: 0,
          MediaMixId: m.ID,
          AccountChannelTypeId: 1,
          StartDate: '2026-01-01',
          EndDate: '2026-01-31',
          BuyType: 'CPM',
          UnitCost: 1,
          Budget: 1,
        },
      }),
      403,
    );
    expect(await itemsOf(c)).toEqual(before);
  });

  it("another company's mix id is 404", async () => {
    const d = await makeCompany('Other Agency');
    const p = await seedDraft(c, 1);
    expectError(await version(d, 'GetMediaMixInfo', { mediaMixId: p.planVersion.ID }, d.admin), 404);
    expectError(await lines(d, 'GetMediaChannelInfo', { channelId: p.lines[0].ID }, d.admin), 404);
  });

  it('a sub-account page sees the plans of activities booked on it', async () => {
    const a = await seedActivity(c, { subAccountId: c.accounts.sub.ID });
    const m = expectOk(
      await version(
        c,
        'SaveMediaMix',
        { mediaMix: { ID: 0, ActivityId: a.ID, Name: 'Sub plan' } },
        c.planner,
        c.accounts.sub.ID,
      ),
    );
    expect(
      expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }, c.planner, c.accounts.sub.ID)).AccountId,
    ).toBe(c.accounts.main.ID);
    expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }));
    const onMain = await seedDraft(c, 0);
    expectError(
      await version(c, 'GetMediaMixInfo', { mediaMixId: onMain.planVersion.ID }, c.planner, c.accounts.sub.ID),
      403,
    );
  });
});
