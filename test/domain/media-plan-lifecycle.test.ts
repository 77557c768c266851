import { saveLineFor } from '../../lambdas/modules/media-plans/lines';
import {
  approveVersion,
  clientSignOff,
  rejectVersionFor,
  submitVersion,
} from '../../lambdas/modules/media-plans/lifecycle';
import { createNextVersion, saveVersionFor } from '../../lambdas/modules/media-plans/versions';
import { saveVersion } from '../../lambdas/modules/media-plans/schemas/plans';
import { VersionStatus } from '../../lambdas/shared/version-status';
import type { VersionView } from '../../lambdas/modules/media-plans/replies/plans';
import type { MemoryMediaPlanStore } from '../support/memory-media-plan-store';
import {
  ACTIVITY_ID,
  approvalTerms,
  approver,
  client,
  COMPANY_ID,
  lineInput,
  MAIN_ID,
  memoryCompany,
  planner,
  refusal,
} from '../support/memory-plan-world';

// The rules run on the in-memory store: any DynamoDB call would be a bug in the injection.
jest.mock('../../lambdas/aws/dynamodb/client', () => ({
  ddb: () => {
    throw new Error('the domain unit tests run without DynamoDB');
  },
  tableName: () => {
    throw new Error('the domain unit tests run without DynamoDB');
  },
}));

/**
 * The approval lifecycle (lambdas/modules/media-plans/lifecycle.ts, media-plans/versions.ts) over the
 * in-memory media plan store: Submit, Approve, Reject, a client's answer and a new version, their
 * rules, and what a change meanwhile answers. The same flows run on DynamoDB Local in
 * test/media-plans/lifecycle.test.ts.
 */

let store: MemoryMediaPlanStore;
beforeEach(() => {
  store = memoryCompany();
});

/** A Draft version 1 with `lines` lines, as read now. */
async function draft(lines = 1): Promise<VersionView> {
  const version = await saveVersionFor(
    planner,
    MAIN_ID,
    saveVersion.parse({ mediaMix: { ID: 0, ActivityId: ACTIVITY_ID, Name: 'Plan' } }),
    store,
  );
  for (let i = 0; i < lines; i++)
    await saveLineFor(planner, MAIN_ID, lineInput(version.ID, { Budget: 1000 + i }), store);
  return { ...(await store.header(COMPANY_ID, version.ID))!, StatusName: '' };
}

const submitted = async (by = planner) => {
  const d = await draft();
  return submitVersion(by, MAIN_ID, { mediaMixId: d.ID, version: d.version }, store);
};

const statusOf = async (versionId: number) => (await store.header(COMPANY_ID, versionId))?.Status;

describe('Submit', () => {
  it("over the activity's budget: refused unconfirmed with the amount, changing nothing; confirmed, recorded on the version", async () => {
    store.changeActivity(ACTIVITY_ID, { Budget: 1500, BudgetMinor: 150_000 });
    const d = await draft(2); // 1,000.00 + 1,001.00
    const err = await refusal(submitVersion(planner, MAIN_ID, { mediaMixId: d.ID, version: d.version }, store));
    expect(err).toMatchObject({
      code: 'OVER_BUDGET_UNCONFIRMED',
      params: { version: 1, amount: '501.00', budget: '1500.00' },
    });
    expect(await statusOf(d.ID)).toBe(VersionStatus.Draft);
    expect(store.editable.size).toBe(2);
    const s = await submitVersion(
      planner,
      MAIN_ID,
      { mediaMixId: d.ID, version: d.version, confirmOverBudget: true },
      store,
    );
    expect(s).toMatchObject({
      Status: VersionStatus.Submitted,
      OverBudgetConfirmed: { By: planner.email, OverBy: 501, At: s.SubmittedAt },
    });
  });

  it('a Draft with lines becomes Submitted with the totals of its lines, and its lines stop taking one-write changes', async () => {
    const d = await draft(2);
    const s = await submitVersion(planner, MAIN_ID, { mediaMixId: d.ID, version: d.version }, store);
    expect(s).toMatchObject({
      Status: VersionStatus.Submitted,
      SubmittedBy: planner.email,
      LineCount: 2,
      version: d.version + 1,
    });
    expect((await store.header(COMPANY_ID, d.ID))?.NetMinor).toBe(100_000 + 100_100);
    expect(store.editable.size).toBe(0);
  });

  it('refuses a version without lines, and one whose line the activity no longer covers; neither changes the version', async () => {
    const empty = await draft(0);
    expect(
      (await refusal(submitVersion(planner, MAIN_ID, { mediaMixId: empty.ID, version: empty.version }, store))).code,
    ).toBe('PLAN_NO_LINES');

    store = memoryCompany();
    const d = await draft();
    store.changeActivity(ACTIVITY_ID, { EndDate: '2026-01-31' });
    const err = await refusal(submitVersion(planner, MAIN_ID, { mediaMixId: d.ID, version: d.version }, store));
    expect(err).toMatchObject({
      code: 'PLAN_LINES_OUTSIDE_ACTIVITY',
      params: { version: 1, count: 1, end: '2026-01-31' },
    });
    expect(await statusOf(d.ID)).toBe(VersionStatus.Draft);
  });

  it('of a version read before a line changed: 409 STALE_VERSION', async () => {
    const d = await draft();
    await saveLineFor(planner, MAIN_ID, lineInput(d.ID), store);
    expect((await refusal(submitVersion(planner, MAIN_ID, { mediaMixId: d.ID, version: d.version }, store))).code).toBe(
      'STALE_VERSION',
    );
  });
});

describe('Approve', () => {
  it('fixes the rate and the pricing, closes the plan and makes the version its latest approved one', async () => {
    const s = await submitted();
    const a = await approveVersion(approver, MAIN_ID, { mediaMixId: s.ID, version: s.version }, store, approvalTerms());
    expect(a).toMatchObject({
      Status: VersionStatus.Approved,
      ApprovedBy: approver.email,
      ExchangeRate: 0.27,
      ExchangeRateFrom: 'ILS',
      ExchangeRateTo: 'USD',
      Pricing: { VatPct: 18, ApplyVat: true, Currency: 2 },
    });
    expect(await store.plan(COMPANY_ID, ACTIVITY_ID)).toMatchObject({
      OpenMixId: null,
      ApprovedMixId: s.ID,
      ApprovedVersion: 1,
    });
  });

  it('four eyes: who submitted cannot approve, unless the company turned the rule off', async () => {
    const s = await submitted(approver);
    const input = { mediaMixId: s.ID, version: s.version };
    expect((await refusal(approveVersion(approver, MAIN_ID, input, store, approvalTerms()))).code).toBe(
      'APPROVER_IS_SUBMITTER',
    );
    const terms = approvalTerms(undefined, { ApproverMustDifferFromSubmitter: false });
    await expect(approveVersion(approver, MAIN_ID, input, store, terms)).resolves.toMatchObject({
      Status: VersionStatus.Approved,
    });
  });

  it('without a rate of the day: 409 naming the pair and the day, the version still Submitted', async () => {
    const s = await submitted();
    const err = await refusal(
      approveVersion(approver, MAIN_ID, { mediaMixId: s.ID, version: s.version }, store, approvalTerms(null)),
    );
    expect(err).toMatchObject({ code: 'RATE_MISSING', params: { from: 'ILS', to: 'USD' } });
    expect(await statusOf(s.ID)).toBe(VersionStatus.Submitted);
  });

  it('of a Draft: 409 naming the action and the status', async () => {
    const d = await draft();
    const err = await refusal(
      approveVersion(approver, MAIN_ID, { mediaMixId: d.ID, version: d.version }, store, approvalTerms()),
    );
    expect(err).toMatchObject({ code: 'PLAN_ACTION_NOT_ALLOWED', params: { action: 'approve', status: 'Draft' } });
  });

  it('with the main account archived after the read: 409 naming it, the version still Submitted and the plan still open', async () => {
    const s = await submitted();
    store.beforeWrite = () => store.changeAccount(MAIN_ID, { Status: 'Archived' });
    const err = await refusal(
      approveVersion(approver, MAIN_ID, { mediaMixId: s.ID, version: s.version }, store, approvalTerms()),
    );
    expect(err).toMatchObject({ code: 'ACCOUNT_ARCHIVED', params: { account: 'Acme' } });
    expect(await statusOf(s.ID)).toBe(VersionStatus.Submitted);
    expect((await store.plan(COMPANY_ID, ACTIVITY_ID))?.OpenMixId).toBe(s.ID);
  });
});

describe('Reject and a new version', () => {
  it('Reject sends the version back with its reason; a new version copies its lines into Draft 2', async () => {
    const s = await submitted();
    const r = await rejectVersionFor(
      approver,
      MAIN_ID,
      { mediaMixId: s.ID, version: s.version, reason: 'Too much search' },
      store,
    );
    expect(r).toMatchObject({
      Status: VersionStatus.Rejected,
      RejectReason: 'Too much search',
      RejectedBy: approver.email,
    });
    expect((await store.plan(COMPANY_ID, ACTIVITY_ID))?.OpenMixId).toBeNull();

    const v2 = await createNextVersion(planner, MAIN_ID, s.ID, store);
    expect(v2).toMatchObject({ Version: 2, Status: VersionStatus.Draft, SourceMixId: s.ID, LineCount: 1 });
    const copied = await store.versionWithLines(COMPANY_ID, v2.ID);
    const original = await store.versionWithLines(COMPANY_ID, s.ID);
    expect(copied?.lines.map((l) => [l.SourceLineId, l.Budget])).toEqual(original?.lines.map((l) => [l.ID, l.Budget]));
    expect(await store.plan(COMPANY_ID, ACTIVITY_ID)).toMatchObject({
      LatestVersion: 2,
      OpenMixId: v2.ID,
      OpenVersion: 2,
    });
  });

  it('a new version while one is open: 409 naming it; one opened between the read and the commit: the same', async () => {
    const s = await submitted();
    expect((await refusal(createNextVersion(planner, MAIN_ID, s.ID, store))).code).toBe('PLAN_ACTION_NOT_ALLOWED');
    await rejectVersionFor(approver, MAIN_ID, { mediaMixId: s.ID, version: s.version + 1 - 1, reason: 'no' }, store);
    await createNextVersion(planner, MAIN_ID, s.ID, store);
    expect((await refusal(createNextVersion(planner, MAIN_ID, s.ID, store))).code).toBe('PLAN_DRAFT_OPEN');

    store = memoryCompany();
    const s2 = await submitted();
    await rejectVersionFor(approver, MAIN_ID, { mediaMixId: s2.ID, version: s2.version, reason: 'no' }, store);
    store.beforeWrite = () =>
      Object.assign(store.plans.get(`${COMPANY_ID}#${ACTIVITY_ID}`)!, {
        OpenMixId: 999,
        OpenVersion: 2,
        LatestVersion: 2,
      });
    expect((await refusal(createNextVersion(planner, MAIN_ID, s2.ID, store))).code).toBe('PLAN_DRAFT_OPEN');
  });

  it('Reject of a version read before: 409 STALE_VERSION, the version still Submitted', async () => {
    const s = await submitted();
    const err = await refusal(
      rejectVersionFor(approver, MAIN_ID, { mediaMixId: s.ID, version: s.version - 1, reason: 'no' }, store),
    );
    expect(err.code).toBe('STALE_VERSION');
    expect(await statusOf(s.ID)).toBe(VersionStatus.Submitted);
  });
});

describe("the client's answer", () => {
  it('signs off the latest approved version; one replaced meanwhile answers which version replaced it', async () => {
    const s = await submitted();
    const a = await approveVersion(approver, MAIN_ID, { mediaMixId: s.ID, version: s.version }, store, approvalTerms());
    expect((await refusal(clientSignOff(planner, MAIN_ID, a.ID, store))).code).toBe('CLIENT_ANSWER_ONLY');

    store.beforeWrite = () =>
      Object.assign(store.plans.get(`${COMPANY_ID}#${ACTIVITY_ID}`)!, { ApprovedMixId: 999, ApprovedVersion: 2 });
    const err = await refusal(clientSignOff(client, MAIN_ID, a.ID, store));
    expect(err).toMatchObject({ code: 'PLAN_VERSION_REPLACED', params: { version: 1, latest: 2 } });

    store.beforeWrite = undefined;
    Object.assign(store.plans.get(`${COMPANY_ID}#${ACTIVITY_ID}`)!, { ApprovedMixId: a.ID, ApprovedVersion: 1 });
    await expect(clientSignOff(client, MAIN_ID, a.ID, store)).resolves.toMatchObject({
      ClientApprovedBy: client.email,
      Status: VersionStatus.Approved,
    });
  });
});
