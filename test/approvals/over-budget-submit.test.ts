import { current, seedActivity, seedDraft, seedLine } from '../support/media-plans';
import { invoke, makeCompany, tableSnapshot, type Company } from '../support/world';

/** SubmitMediaMix of a version whose net media exceeds its activity's budget. */
const submit = async (co: Company, versionId: number, accountId: number, extra: Record<string, unknown> = {}) =>
  invoke('MediaMixService', 'SubmitMediaMix', {
    as: co.planner,
    accountId,
    body: { mediaMixId: versionId, version: (await current(co, versionId)).version, ...extra },
  });

async function overBudgetDraft(co: Company) {
  const activity = await seedActivity(co, { budget: 1500 });
  const p = await seedDraft(co, 0, activity);
  await seedLine(co, p.planVersion, { Budget: 1000 });
  await seedLine(co, p.planVersion, { Budget: 750.25 });
  return p;
}

describe('SubmitMediaMix over the activity budget', () => {
  it('is refused with OVER_BUDGET_UNCONFIRMED naming the amount, and the refusal changes nothing', async () => {
    const co = await makeCompany();
    const p = await overBudgetDraft(co);
    const before = await tableSnapshot();
    const r = await submit(co, p.planVersion.ID, p.activity.AccountId);
    expect(r.status).toBe(409);
    expect(r.body.ErrorCode).toBe('OVER_BUDGET_UNCONFIRMED');
    expect(r.body.ErrorParams).toEqual({ version: 1, amount: '250.25', budget: '1500.00', currency: 'ILS' });
    expect(r.body.ErrorMessage).toBe(
      "Version 1's net media is over the activity budget (1500.00 ILS) by 250.25 ILS; confirm to submit it anyway",
    );
    expect(await tableSnapshot()).toEqual(before);
    const unconfirmed = await submit(co, p.planVersion.ID, p.activity.AccountId, { confirmOverBudget: false });
    expect(unconfirmed.body.ErrorCode).toBe('OVER_BUDGET_UNCONFIRMED');
  });

  it('goes when confirmed, and the version records who confirmed, by how much and when', async () => {
    const co = await makeCompany();
    const p = await overBudgetDraft(co);
    const r = await submit(co, p.planVersion.ID, p.activity.AccountId, { confirmOverBudget: true });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      Status: 2,
      OverBudgetConfirmed: { By: co.planner.email, OverBy: 250.25, At: r.body.Response.SubmittedAt },
    });
    // The approver sees it in the plan, by name.
    const info = await invoke('MediaMixService', 'GetMediaMixInfo', {
      as: co.approver,
      accountId: p.activity.AccountId,
      body: { mediaMixId: p.planVersion.ID },
    });
    expect(info.body.Response).toMatchObject({
      OverBudgetConfirmed: { By: co.planner.email, OverBy: 250.25 },
      OverBudgetConfirmedByName: co.planner.name,
      SubmittedByName: co.planner.name,
    });
  });

  it('a plan within its budget (equal to it, too) needs no confirmation and records none', async () => {
    const co = await makeCompany();
    const activity = await seedActivity(co, { budget: 1750.25 });
    const p = await seedDraft(co, 0, activity);
    await seedLine(co, p.planVersion, { Budget: 1750.25 });
    const r = await submit(co, p.planVersion.ID, activity.AccountId);
    expect(r.status).toBe(200);
    expect(r.body.Response.OverBudgetConfirmed).toBeNull();
  });

  it('names the approver and the submitter by name in the plan, and the export stamps too', async () => {
    const co = await makeCompany();
    const p = await seedDraft(co);
    await submit(co, p.planVersion.ID, p.activity.AccountId);
    const rejected = await invoke('MediaMixService', 'RejectMediaMix', {
      as: co.approver,
      accountId: p.activity.AccountId,
      body: {
        mediaMixId: p.planVersion.ID,
        version: (await current(co, p.planVersion.ID)).version,
        reason: 'Less search',
      },
    });
    expect(rejected.status).toBe(200);
    const info = await invoke('MediaMixService', 'GetMediaMixInfo', {
      as: co.planner,
      accountId: p.activity.AccountId,
      body: { mediaMixId: p.planVersion.ID },
    });
    expect(info.body.Response).toMatchObject({
      SubmittedBy: co.planner.email,
      SubmittedByName: co.planner.name,
      RejectedBy: co.approver.email,
      RejectedByName: co.approver.name,
      ApprovedByName: null,
      ClientApprovedByName: null,
      ClientDeclinedByName: null,
      OverBudgetConfirmedByName: null,
    });
  });
});
