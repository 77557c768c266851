import { Permission, Role } from '../../lambdas/shared/permissions';
import { seedApproved, seedDraft, seedRate } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/**
 * The three behaviours decided (docs/media-planning-decisions.md "Hardening decisions"):
 * RequireMfa cannot lock a company out, a plan's currency does not change under it, and the user
 * who submitted a version does not approve it (a company setting, on by default).
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Decisions Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

const config = (as: Company['admin']) => invoke('ConfigurationsService', 'GetConfigurations', { as, body: {} });
const save = (as: Company['admin'], configurations: Record<string, unknown>) =>
  invoke('ConfigurationsService', 'SaveConfigurations', { as, body: { configurations } });

describe('RequireMfa cannot lock a company out', () => {
  it('cannot be turned on by a caller without an authenticator app; with one it can, and a settings user without MFA can still turn it off', async () => {
    const co = await makeCompany('Lockout Agency');
    const refused = await save(co.admin, { RequireMfa: true, version: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.ErrorMessage).toMatch(
      /configurations\.RequireMfa: turn on an authenticator app on your profile first/,
    );
    expect((await config(co.admin)).body.Response).toMatchObject({ RequireMfa: false, version: 0 });

    const withMfa = await makeUser(co.companyId, Role.Administrator, [Permission.Admin], { mfaEnabled: true });
    const on = await save(withMfa, { RequireMfa: true, version: 0 });
    expect(on.status).toBe(200);

    // The admin without MFA is now held at sign-in for business calls, but reaches the configuration.
    expect((await invoke('AccountsService', 'GetAccountsList', { as: co.admin, body: {} })).status).toBe(403);
    expect((await config(co.admin)).body.Response).toMatchObject({ RequireMfa: true, version: 1 });
    // Before MFA, only turning RequireMfa off is allowed, nothing else.
    expect((await save(co.admin, { RequireMfa: false, VatPct: 5, version: 1 })).status).toBe(403);
    const off = await save(co.admin, { RequireMfa: false, version: 1 });
    expect(off.status).toBe(200);
    expect(off.body.Response).toMatchObject({ RequireMfa: false, VatPct: 18 });
    expect((await invoke('AccountsService', 'GetAccountsList', { as: co.admin, body: {} })).status).toBe(200);
  });
});

describe('an account currency change under plans', () => {
  const update = async (co: Company, currency: 1 | 2) => {
    const current = (
      await invoke('AccountsService', 'GetAccountInfo', {
        as: co.planner,
        accountId: co.accounts.main.ID,
        body: { accountId: co.accounts.main.ID },
      })
    ).body.Response;
    return invoke('AccountsService', 'UpdateAccount', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { account: { ...current, Currency: currency }, applayVATToSubAccounts: false },
    });
  };

  it('is refused while activities have plans (409 naming them); other edits and accounts without plans are fine', async () => {
    const co = await makeCompany('Currency Agency');
    const p = await seedDraft(co, 1);
    const r = await update(co, 1);
    expect(r.status).toBe(409);
    expect(r.body.ErrorMessage).toMatch(new RegExp(`Currency.*'Plan test flight' \\(${p.activity.ID}\\)`));
    expect((await update(co, 2)).status).toBe(200);

    // Cancelled activities do not count.
    const a = (
      await invoke('ActivitiesService', 'GetActivityInfo', {
        as: co.planner,
        accountId: co.accounts.main.ID,
        body: { activityId: p.activity.ID },
      })
    ).body.Response;
    expect(
      (
        await invoke('ActivitiesService', 'SetActivityStatus', {
          as: co.planner,
          accountId: co.accounts.main.ID,
          body: { activityId: a.ID, status: 5, version: a.version },
        })
      ).status,
    ).toBe(200);
    expect((await update(co, 1)).status).toBe(200);
  });
});

describe('the submitter of a version and its approver', () => {
  it('by default the user who submitted a version cannot approve it; another approver can', async () => {
    const approver2 = await makeUser(c.companyId, Role.MediaManager, [Permission.MediaPlanApprover]);
    const p = await seedDraft(c, 1);
    const submit = await invoke('MediaMixService', 'SubmitMediaMix', {
      as: c.approver,
      accountId: c.accounts.main.ID,
      body: { mediaMixId: p.planVersion.ID, version: p.planVersion.version },
    });
    expect(submit.status).toBe(200);
    expect(submit.body.Response.SubmittedBy).toBe(c.approver.email);
    const own = await invoke('MediaMixService', 'ApproveMediaMix', {
      as: c.approver,
      accountId: c.accounts.main.ID,
      body: { mediaMixId: p.planVersion.ID, version: submit.body.Response.version },
    });
    expect(own.status).toBe(403);
    expect(own.body.ErrorMessage).toMatch(/You submitted version 1, so another media plan approver must approve it/);
    const other = await invoke('MediaMixService', 'ApproveMediaMix', {
      as: approver2,
      accountId: c.accounts.main.ID,
      body: { mediaMixId: p.planVersion.ID, version: submit.body.Response.version },
    });
    expect(other.status).toBe(200);
    // Rejecting one's own submission stays allowed (it approves nothing).
    const s = await seedDraft(c, 1);
    const mine = await invoke('MediaMixService', 'SubmitMediaMix', {
      as: c.approver,
      accountId: c.accounts.main.ID,
      body: { mediaMixId: s.planVersion.ID, version: s.planVersion.version },
    });
    expect(
      (
        await invoke('MediaMixService', 'RejectMediaMix', {
          as: c.approver,
          accountId: c.accounts.main.ID,
          body: { mediaMixId: s.planVersion.ID, version: mine.body.Response.version, reason: 'Mine' },
        })
      ).status,
    ).toBe(200);
  });

  it('is a company setting: turned off, an approver approves their own submission', async () => {
    const co = await makeCompany('Small Agency');
    expect((await config(co.admin)).body.Response.ApproverMustDifferFromSubmitter).toBe(true);
    expect((await save(co.admin, { ApproverMustDifferFromSubmitter: false, version: 0 })).status).toBe(200);
    await seedApproved(co, 1); // rate
    const p = await seedDraft(co, 1);
    const submit = await invoke('MediaMixService', 'SubmitMediaMix', {
      as: co.approver,
      accountId: co.accounts.main.ID,
      body: { mediaMixId: p.planVersion.ID, version: p.planVersion.version },
    });
    const approve = await invoke('MediaMixService', 'ApproveMediaMix', {
      as: co.approver,
      accountId: co.accounts.main.ID,
      body: { mediaMixId: p.planVersion.ID, version: submit.body.Response.version },
    });
    expect(approve.status).toBe(200);
  });
});
