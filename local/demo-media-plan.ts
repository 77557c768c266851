import { activityPlans } from '../lambdas/modules/media-plans/activity-plans';
import { initAccountChannelTypes } from '../lambdas/modules/channel-types/account-channel-types';
import { saveActivityFor } from '../lambdas/modules/activities/activities';
import { saveLineFor } from '../lambdas/modules/media-plans/lines';
import { approveVersion, createNextVersion, saveVersionFor, submitVersion } from '../lambdas/modules/media-plans/plans';
import type { Account } from '../lambdas/modules/tenancy/account-store';
import { listActivitiesOfMain } from '../lambdas/modules/activities/store.dynamodb';
import { getVersionHeader } from '../lambdas/modules/media-plans/store/plans';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { saveActivity } from '../lambdas/modules/activities/schemas';
import { saveLine, saveVersion } from '../lambdas/modules/media-plans/schemas/plans';
import { ensureDemoRate } from './demo-rate';
import { seedDemoActualsPlans } from './demo-actuals-plans';

/** The demo actuals plans (demo-actuals-plans.ts), reached here by the demo campaigns and their test. */
export {
  DEMO_ACTUALS_PLANS,
  demoActualsFlight,
  seedDemoActualsPlans,
  type DemoActualsLine,
} from './demo-actuals-plans';

export const DEMO_PLAN_ACTIVITY = 'Hadar spring launch';
const DEMO_WAITING_ACTIVITY = 'Hadar summer teaser';

/**
 * The demo media plan (npm start): an activity of the demo company's first ILS account with
 * version 1 Approved (the lines of docs/domain.md's worked example: total ₪18,654.03) and version 2,
 * a Draft copied from it; and a second activity whose plan waits for approval (seedWaitingPlan).
 * Then the demo actuals plans (seedDemoActualsPlans), whose lines the synced demo campaigns map to.
 * Idempotent: nothing is written when the activity exists already.
 */
export async function seedDemoMediaPlan(seeder: UserProfile, mains: Account[]): Promise<boolean> {
  const planned = await seedHadarPlans(seeder, mains);
  // Then the plans the demo's synced campaigns map to (a data folder from before them gets them too).
  const actuals = await seedDemoActualsPlans(seeder, mains);
  return planned || actuals;
}

async function seedHadarPlans(seeder: UserProfile, mains: Account[]): Promise<boolean> {
  const main = mains.find((m) => m.Name === 'Hadar Insurance');
  if (!main) return false;
  const existing = (await listActivitiesOfMain(seeder.companyId, main.ID, {}, 500)).items;
  const has = (name: string) => existing.some((a) => a.Name === name);
  if (has(DEMO_PLAN_ACTIVITY)) {
    // A data folder from before the waiting plan existed gets it too.
    if (has(DEMO_WAITING_ACTIVITY)) return false;
    const types = (await initAccountChannelTypes(seeder, main.ID, false)).Items;
    await seedWaitingPlan(seeder, main, (types.find((t) => t.Name === 'YouTube' && t.Active) ?? types[0]).ID);
    return true;
  }

  await ensureDemoRate(seeder);
  const types = (await initAccountChannelTypes(seeder, main.ID, false)).Items;
  const type = (name: string) => (types.find((t) => t.Name === name && t.Active) ?? types[0]).ID;
  const activity = await saveActivityFor(
    seeder,
    saveActivity.parse({
      activity: {
        ID: 0,
        AccountId: main.ID,
        Name: DEMO_PLAN_ACTIVITY,
        Objective: 'Leads for car insurance',
        StartDate: '2026-03-01',
        EndDate: '2026-05-31',
        Budget: 15000,
      },
    }),
    main.ID,
    activityPlans,
  );
  const v1 = await saveVersionFor(
    seeder,
    main.ID,
    saveVersion.parse({ mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Spring launch plan' } }),
  );
  const line = (fields: Record<string, unknown>) =>
    saveLineFor(
      seeder,
      main.ID,
      saveLine.parse({
        mediaChannel: { ID: 0, MediaMixId: v1.ID, StartDate: '2026-03-01', EndDate: '2026-05-31', ...fields },
      }),
    );
  await line({
    AccountChannelTypeId: type('Google Search'),
    Name: 'Search - car insurance',
    BuyType: 'CPC',
    UnitCost: 4.5,
    Budget: 10000,
    ManagementFeePct: 15,
    SystemFeePct: 2.5,
    ImageCreatives: 4,
    VideoCreatives: 2,
  });
  await line({
    AccountChannelTypeId: type('YouTube'),
    Name: 'Pre-roll 15s',
    BuyType: 'CPV',
    UnitCost: 0.12,
    Budget: 3333.33,
    ManagementFeePct: 12.5,
    SystemFeePct: 0,
    VideoCreatives: 3,
  });
  const draft = (await getVersionHeader(seeder.companyId, v1.ID, true))!;
  const submitted = await submitVersion(seeder, main.ID, { mediaMixId: v1.ID, version: draft.version });
  // Approved by the demo approver, not the seeder who submitted it (ApproverMustDifferFromSubmitter, on by default).
  await approveVersion({ ...seeder, email: 'approver@demo.mixdesk.test' }, main.ID, {
    mediaMixId: v1.ID,
    version: submitted.version,
  });
  await createNextVersion(seeder, main.ID, v1.ID);
  await seedWaitingPlan(seeder, main, type('YouTube'));
  return true;
}

/**
 * A plan waiting for approval, so the approver's "To approve" and the planner's "My
 * plans" show something from the first start: the demo planner's version 1 of a summer teaser, over
 * its activity's budget by ₪1,000.00 and submitted with that confirmed. Written through the same
 * operations as the console's, so its header carries the inbox entry like any other.
 */
async function seedWaitingPlan(seeder: UserProfile, main: Account, youtube: number): Promise<void> {
  const planner: UserProfile = { ...seeder, email: 'planner@demo.mixdesk.test', name: 'Paz Planner' };
  const activity = await saveActivityFor(
    planner,
    saveActivity.parse({
      activity: {
        ID: 0,
        AccountId: main.ID,
        Name: DEMO_WAITING_ACTIVITY,
        Objective: 'Awareness before the summer',
        StartDate: '2027-06-01',
        EndDate: '2027-08-31',
        Budget: 8000,
      },
    }),
    main.ID,
    activityPlans,
  );
  const version = await saveVersionFor(
    planner,
    main.ID,
    saveVersion.parse({ mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Summer teaser plan' } }),
  );
  await saveLineFor(
    planner,
    main.ID,
    saveLine.parse({
      mediaChannel: {
        ID: 0,
        MediaMixId: version.ID,
        AccountChannelTypeId: youtube,
        Name: 'Teaser 6s',
        StartDate: '2027-06-01',
        EndDate: '2027-08-31',
        BuyType: 'CPV',
        UnitCost: 0.08,
        Budget: 9000,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
        VideoCreatives: 2,
      },
    }),
  );
  const draft = (await getVersionHeader(seeder.companyId, version.ID, true))!;
  await submitVersion(planner, main.ID, { mediaMixId: version.ID, version: draft.version, confirmOverBudget: true });
}
