import { activityPlans } from '../lambdas/modules/media-plans/activity-plans';
import { initAccountChannelTypes } from '../lambdas/modules/channel-types/account-channel-types';
import { saveActivityFor } from '../lambdas/modules/activities/activities';
import { saveLineFor } from '../lambdas/modules/media-plans/lines';
import { approveVersion, saveVersionFor, submitVersion } from '../lambdas/modules/media-plans/plans';
import type { Account } from '../lambdas/modules/tenancy/account-store';
import { listActivitiesOfMain } from '../lambdas/modules/activities/store.dynamodb';
import { getVersionHeader } from '../lambdas/modules/media-plans/store/plans';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../lambdas/shared/calendar';
import { todayIn } from '../lambdas/shared/company-day';
import { saveActivity } from '../lambdas/modules/activities/schemas';
import { saveLine, saveVersion } from '../lambdas/modules/media-plans/schemas/plans';
import { ensureDemoRate } from './demo-rate';

/**
 * The demo plans whose lines the demo's synced campaigns map to (local/demo-campaigns.ts): the
 * spring launch lies in the past, before the ad platforms' 90 days of history, so these run NOW —
 * from the first of the month 89 days back (the first sync backfills from that start: whole months
 * billed) to the end of next month, dated
 * when first seeded — with version 1 approved (actuals are compared with the latest approved
 * version). Hadar Insurance's always-on plan has a line per channel its ad accounts deliver on;
 * Galil Foods' social plan two lines for its Meta ad account.
 */
export const DEMO_ACTUALS_PLANS = [
  {
    account: 'Hadar Insurance',
    activity: 'Hadar always-on',
    objective: 'Steady leads across search and social',
    budget: 600000,
    plan: 'Always-on plan',
    lines: [
      {
        key: 'search',
        type: 'Google Search',
        Name: 'Search — always on',
        BuyType: 'CPC',
        UnitCost: 2.1,
        Budget: 320000,
        ManagementFeePct: 15,
        SystemFeePct: 2.5,
      },
      {
        key: 'display',
        type: 'Google Display',
        Name: 'Display & Shopping',
        BuyType: 'CPM',
        UnitCost: 18,
        Budget: 20000,
        ManagementFeePct: 15,
        SystemFeePct: 2.5,
      },
      {
        key: 'meta',
        type: 'Meta (Facebook)',
        Name: 'Facebook prospecting',
        BuyType: 'CPM',
        UnitCost: 22,
        Budget: 60000,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
      },
      {
        key: 'instagram',
        type: 'Instagram',
        Name: 'Instagram retargeting',
        BuyType: 'CPM',
        UnitCost: 26,
        Budget: 60000,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
      },
      {
        key: 'tiktok',
        type: 'TikTok',
        Name: 'TikTok reach',
        BuyType: 'CPM',
        UnitCost: 14,
        Budget: 130000,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
      },
    ],
  },
  {
    account: 'Galil Foods',
    activity: 'Galil social',
    objective: 'Recipes and snacks on social',
    budget: 480000,
    plan: 'Social plan',
    lines: [
      {
        key: 'galilFacebook',
        type: 'Meta (Facebook)',
        Name: 'Facebook — recipes',
        BuyType: 'CPM',
        UnitCost: 20,
        Budget: 230000,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
      },
      {
        key: 'galilInstagram',
        type: 'Instagram',
        Name: 'Instagram — snacks',
        BuyType: 'CPM',
        UnitCost: 24,
        Budget: 240000,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
      },
    ],
  },
] as const;

export type DemoActualsLine = (typeof DEMO_ACTUALS_PLANS)[number]['lines'][number]['key'];

/** The flight of the demo actuals plans seeded on `today`: the first of the month 89 days back, to the end of next month. */
export function demoActualsFlight(today: string): { start: string; end: string } {
  const firstOf = (day: string) => `${day.slice(0, 7)}-01`;
  const nextMonth = (day: string) => firstOf(addDaysTo(`${day.slice(0, 7)}-28`, 4));
  return { start: firstOf(addDaysTo(today, -89)), end: addDaysTo(nextMonth(nextMonth(today)), -1) };
}

/** Seeds each demo actuals plan whose activity is missing (by name); true when it made one. */
export async function seedDemoActualsPlans(
  seeder: UserProfile,
  mains: Account[],
  { start, end } = demoActualsFlight(todayIn(DEFAULT_TIME_ZONE)),
): Promise<boolean> {
  const todo: { spec: (typeof DEMO_ACTUALS_PLANS)[number]; main: Account }[] = [];
  for (const spec of DEMO_ACTUALS_PLANS) {
    const main = mains.find((m) => m.Name === spec.account);
    if (!main) continue;
    const existing = (await listActivitiesOfMain(seeder.companyId, main.ID, {}, 500)).items;
    if (!existing.some((a) => a.Name === spec.activity)) todo.push({ spec, main });
  }
  if (!todo.length) return false;
  await ensureDemoRate(seeder);
  // The plans are of different accounts: made side by side (the lines of one plan one after another).
  await Promise.all(
    todo.map(async ({ spec, main }) => {
      const types = (await initAccountChannelTypes(seeder, main.ID, false)).Items;
      const type = (name: string) => (types.find((t) => t.Name === name && t.Active) ?? types[0]).ID;
      const activity = await saveActivityFor(
        seeder,
        saveActivity.parse({
          activity: {
            ID: 0,
            AccountId: main.ID,
            Name: spec.activity,
            Objective: spec.objective,
            StartDate: start,
            EndDate: end,
            Budget: spec.budget,
          },
        }),
        main.ID,
        activityPlans,
      );
      const version = await saveVersionFor(
        seeder,
        main.ID,
        saveVersion.parse({ mediaMix: { ID: 0, ActivityId: activity.ID, Name: spec.plan } }),
      );
      for (const { key: _key, type: typeName, ...line } of spec.lines) {
        await saveLineFor(
          seeder,
          main.ID,
          saveLine.parse({
            mediaChannel: {
              ID: 0,
              MediaMixId: version.ID,
              AccountChannelTypeId: type(typeName),
              StartDate: start,
              EndDate: end,
              ImageCreatives: 2,
              VideoCreatives: 1,
              ...line,
            },
          }),
        );
      }
      const draft = (await getVersionHeader(seeder.companyId, version.ID, true))!;
      const submitted = await submitVersion(seeder, main.ID, { mediaMixId: version.ID, version: draft.version });
      await approveVersion({ ...seeder, email: 'approver@demo.mixdesk.test' }, main.ID, {
        mediaMixId: version.ID,
        version: submitted.version,
      });
    }),
  );
  return true;
}
