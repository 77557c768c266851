import { makeCompany, type Company } from '../support/world';
import { seedActivity, seedApproved, seedVersion } from '../support/media-plans';
import { expectError, expectOk, version } from './helpers';
import { getNewestVersionInfo } from '../../lambdas/modules/media-plans/reads';
import { planStore } from '../../lambdas/modules/media-plans/store.dynamodb';

/**
 * GetMediaMixInfo of an activity ({ activityId }): the newest version the caller may see, the same
 * reply as asking for that version by its id; the editor asks for it beside the versions list.
 */
let c: Company;
let other: Company;
const ids = { activity: 0, approved: 0, draft: 0, empty: 0 };

beforeAll(async () => {
  [c, other] = await Promise.all([makeCompany('Newest Agency'), makeCompany('Elsewhere Agency')]);
  const p = await seedApproved(c, 2);
  ids.activity = p.activity.ID;
  ids.approved = p.planVersion.ID;
  ids.draft = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: ids.approved })).ID;
  ids.empty = (await seedActivity(c)).ID;
}, 120_000);

describe('GetMediaMixInfo of an activity', () => {
  it("answers the newest version, exactly as GetMediaMixInfo of that version's id", async () => {
    const newest = expectOk(await version(c, 'GetMediaMixInfo', { activityId: ids.activity }));
    expect(newest.ID).toBe(ids.draft);
    expect(newest.ID).not.toBe(ids.approved);
    expect(newest).toEqual(expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: ids.draft })));
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: ids.activity }));
    expect(list.Items[0].ID).toBe(newest.ID);
  });

  it('a client user gets the newest Approved version, as their versions list shows first', async () => {
    const newest = expectOk(await version(c, 'GetMediaMixInfo', { activityId: ids.activity }, c.client));
    expect(newest.ID).toBe(ids.approved);
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: ids.activity }, c.client));
    expect(list.Items.map((i: { ID: number }) => i.ID)).toEqual([ids.approved]);
  });

  it('names a version or an activity, not both and not neither', async () => {
    for (const body of [{ activityId: ids.activity, mediaMixId: ids.draft }, {}]) {
      const r = await version(c, 'GetMediaMixInfo', body);
      expectError(r, 400);
      expect(r.body.ErrorParams?.reason).toBe('VERSION_OR_ACTIVITY');
    }
  });

  it('an activity of another account is refused, of another company or without a version not found', async () => {
    expectError(await version(c, 'GetMediaMixInfo', { activityId: ids.activity }, c.planner, c.accounts.other.ID), 403);
    expectError(
      await version(other, 'GetMediaMixInfo', { activityId: ids.activity }, other.planner, other.accounts.main.ID),
      404,
    );
    expectError(await version(c, 'GetMediaMixInfo', { activityId: ids.empty }), 404, /no plan version/);
  });

  it('a version only a planner may see is not found for a client when it is the only one', async () => {
    const a = await seedActivity(c);
    await seedVersion(c, a);
    expectError(await version(c, 'GetMediaMixInfo', { activityId: a.ID }, c.client), 404);
    expect(expectOk(await version(c, 'GetMediaMixInfo', { activityId: a.ID })).ActivityId).toBe(a.ID);
  });

  it("on a sub-account's page reads the activity once, and answers as by the version's id", async () => {
    const a = await seedActivity(c, { subAccountId: c.accounts.sub.ID });
    const v = await seedVersion(c, a);
    let activityReads = 0;
    const counting = Object.create(planStore) as typeof planStore;
    counting.activity = (...args) => {
      activityReads++;
      return planStore.activity(...args);
    };
    const newest = await getNewestVersionInfo(c.planner, c.accounts.sub.ID, a.ID, counting);
    expect(newest.ID).toBe(v.ID);
    expect(activityReads).toBe(1);
    const byId = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: v.ID }, c.planner, c.accounts.sub.ID));
    expect(JSON.parse(JSON.stringify(newest))).toEqual(byId);
  });
});
