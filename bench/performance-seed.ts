import { activityPlans } from '../lambdas/modules/media-plans/activity-plans';
import { initAccountChannelTypes } from '../lambdas/modules/channel-types/account-channel-types';
import { saveAccountFor } from '../lambdas/modules/accounts/accounts';
import { saveActivityFor } from '../lambdas/modules/activities/activities';
import { saveExchangeRateFor } from '../lambdas/modules/exchange-rates';
import { saveLineFor } from '../lambdas/modules/media-plans/lines';
import { approveVersion, saveVersionFor, submitVersion } from '../lambdas/modules/media-plans/plans';
import { inParallel } from '../lambdas/core/in-parallel';
import { ConflictError } from '../lambdas/core/errors';
import { upsertDiscoveredCampaign } from '../lambdas/modules/connectors/campaign-store.dynamodb';
import { RollupBook, statItem } from '../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { writeStatsAndRollups } from '../lambdas/modules/performance-data/batch-write-store.dynamodb';
import type { StoredStat } from '../lambdas/modules/performance-data/daily-stat-store';
import { refreshMonthSummaries } from '../lambdas/modules/performance-data/month-summary-store.dynamodb';
import { getVersionHeader } from '../lambdas/modules/media-plans/store/plans';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { saveAccount } from '../lambdas/modules/accounts/schemas';
import { saveActivity } from '../lambdas/modules/activities/schemas';
import { saveExchangeRate } from '../lambdas/modules/exchange-rates/schemas';
import { saveLine, saveVersion } from '../lambdas/modules/media-plans/schemas/plans';
import { addDaysTo, type CalendarDay } from '../lambdas/shared/calendar';
import { CURRENCY_CODES } from '../lambdas/shared/version-status';

/**
 * The performance bench's world, made through the product's own write paths:
 * accounts, activities, plan versions (saved line by line, submitted, approved) through the domain
 * functions; campaigns through the sync's upsert (modules/connectors/campaign-store.dynamodb.ts, mapped by the naming
 * rule's RuleLineId); stats and rollups through the sync's store (RollupBook + writeStatsAndRollups:
 * the rollup items are the book's own, never made by hand). One external account per activity, so
 * every day of an activity is one source in its line, activity and account rollups.
 */
export interface Scale {
  accounts: number;
  /** Activities per account. */
  activitiesPerAccount: number;
  /** Every `bigEvery`-th activity has BIG_LINES lines, the others SMALL_LINES. */
  bigEvery: number;
  campaigns: number;
  days: number;
  /** Write the stat items of every campaign (else only the big activities' campaigns'; rollups are written for all). */
  allStats: boolean;
}

export const FULL: Scale = {
  accounts: 500,
  activitiesPerAccount: 4,
  bigEvery: 20,
  campaigns: 20_000,
  days: 90,
  allStats: false,
};
export const QUICK: Scale = {
  accounts: 20,
  activitiesPerAccount: 4,
  bigEvery: 20,
  campaigns: 800,
  days: 90,
  allStats: false,
};
export const BIG_LINES = 20;
const SMALL_LINES = 2;
/** Writers in flight while seeding plans and campaigns (the seed is not what is measured). */
const SEED_PARALLEL = 8;

export interface SeededActivity {
  accountId: number;
  activityId: number;
  versionId: number;
  lineIds: number[];
  currency: 'USD' | 'ILS';
  big: boolean;
  campaigns: number;
}

export interface Seeded {
  activities: SeededActivity[];
  timings: Record<string, number>;
  statItems: number;
  rollupItems: number;
  campaigns: number;
}

const timed = async <T>(timings: Record<string, number>, name: string, fn: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    timings[name] = performance.now() - t0;
  }
};

async function seedRate(admin: UserProfile, date: CalendarDay, rate: number) {
  try {
    await saveExchangeRateFor(
      admin,
      saveExchangeRate.parse({ exchangeRate: { Date: date, From: 'USD', To: 'ILS', Rate: rate } }),
    );
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

/** Campaigns of activity `i` of `n` (the big ones one per line; the rest shared out evenly). */
function campaignCounts(scale: Scale, n: number): number[] {
  const big = (i: number) => i % scale.bigEvery === 0;
  const bigCount = Array.from({ length: n }, (_, i) => i).filter(big).length;
  const rest = scale.campaigns - bigCount * BIG_LINES;
  const small = n - bigCount;
  let extra = rest - Math.floor(rest / small) * small;
  return Array.from({ length: n }, (_, i) => {
    if (big(i)) return BIG_LINES;
    const base = Math.floor(rest / small);
    return extra-- > 0 ? base + 1 : base;
  });
}

type Account = { id: number; currency: 'USD' | 'ILS'; types: number[] };

export interface SeedWorldOptions {
  admin: UserProfile;
  planner: UserProfile;
  approver: UserProfile;
  scale: Scale;
  today: CalendarDay;
  log: (line: string) => void;
}

export async function seedWorld(o: SeedWorldOptions): Promise<Seeded> {
  const { admin, scale, today } = o;
  const timings: Record<string, number> = {};
  const first = addDaysTo(today, -(scale.days - 1));

  await timed(timings, 'rates', async () => {
    await seedRate(admin, '2001-02-03', 3.7);
    for (let d = addDaysTo(first, -31); d <= today; d = addDaysTo(d, 7))
      await seedRate(admin, d, Number((3.6 + (Number(d.slice(8, 10)) % 5) / 20).toFixed(2)));
  });

  const accounts = await timed(timings, 'accounts', () => seedAccounts(admin, scale));
  o.log(`  ${accounts.length} accounts with their channel types: ${Math.round(timings.accounts)} ms`);

  const n = scale.accounts * scale.activitiesPerAccount;
  const counts = campaignCounts(scale, n);
  const activities = await timed(timings, 'plans', () =>
    inParallel(
      Array.from({ length: n }, (_, i) => i),
      async (i): Promise<SeededActivity> => {
        const acc = accounts[i % accounts.length];
        const big = i % scale.bigEvery === 0;
        const plan = await seedPlan(o, acc, i, big ? BIG_LINES : SMALL_LINES);
        return { accountId: acc.id, ...plan, currency: acc.currency, big, campaigns: counts[i] };
      },
      SEED_PARALLEL,
    ),
  );
  const lines = activities.reduce((s, a) => s + a.lineIds.length, 0);
  o.log(
    `  ${activities.length} activities, each with an approved plan (${lines} lines; ${activities.filter((a) => a.big).length} of ${BIG_LINES} lines): ${Math.round(timings.plans)} ms`,
  );

  const campaigns = await timed(timings, 'campaigns', () => seedCampaigns(admin.companyId, activities));
  o.log(
    `  ${campaigns} campaigns (the sync's upsert), each mapped to a line by its naming rule: ${Math.round(timings.campaigns)} ms`,
  );

  // Stats: each activity's campaigns × days through a RollupBook (what a first sync of its external
  // account does), written with the sync's writer: 2 activities at a time × 8 BatchWriteItem calls.
  const written = { statItems: 0, rollupItems: 0, summaryItems: 0 };
  await timed(timings, 'stats', () =>
    inParallel(activities, (a) => seedStats(admin.companyId, a, { first, today, scale }, written), 2),
  );
  const { statItems, rollupItems, summaryItems } = written;
  o.log(
    `  ${statItems} stat items + ${rollupItems} rollup items (RollupBook, writeStatsAndRollups) + ${summaryItems} month summary items (refreshMonthSummaries): ${Math.round(timings.stats)} ms (${Math.round((statItems + rollupItems) / (timings.stats / 1000))} items/s)`,
  );
  return { activities, timings, statItems, rollupItems, campaigns };
}

/** The accounts, half in each currency, with their active channel types. */
function seedAccounts(admin: UserProfile, scale: Scale): Promise<Account[]> {
  return inParallel(
    Array.from({ length: scale.accounts }, (_, i) => i),
    async (i) => {
      const a = await saveAccountFor(
        admin,
        saveAccount.parse({
          account: { Name: `Perf Client ${String(i).padStart(4, '0')}`, Currency: (i % 2) + 1, ManagementFeePct: 10 },
        }),
        undefined,
        'create',
      );
      const types = (await initAccountChannelTypes(admin, a.ID, false)).Items.filter((t) => t.Active);
      return { id: a.ID, currency: CURRENCY_CODES[a.Currency as 1 | 2], types: types.map((t) => t.ID) };
    },
    SEED_PARALLEL,
  );
}

/** Activity `i` of an account, with a plan of `lineCount` lines saved one by one, submitted and approved. */
async function seedPlan(o: SeedWorldOptions, acc: Account, i: number, lineCount: number) {
  const { admin, planner, approver, today } = o;
  const start = addDaysTo(today, -120);
  const end = addDaysTo(today, 60);
  const activity = await saveActivityFor(
    admin,
    saveActivity.parse({
      activity: {
        ID: 0,
        AccountId: acc.id,
        SubAccountId: null,
        Name: `Perf flight ${String(i).padStart(4, '0')}`,
        StartDate: start,
        EndDate: end,
        Budget: 1_000_000,
      },
    }),
    acc.id,
    activityPlans,
  );
  const version = await saveVersionFor(
    planner,
    acc.id,
    saveVersion.parse({ mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Perf plan' } }),
  );
  const lineIds: number[] = [];
  for (let k = 0; k < lineCount; k++) {
    const line = await saveLineFor(
      planner,
      acc.id,
      saveLine.parse({
        mediaChannel: {
          ID: 0,
          MediaMixId: version.ID,
          AccountChannelTypeId: acc.types[k % acc.types.length],
          Name: `Line ${String(k + 1).padStart(2, '0')}`,
          StartDate: start,
          EndDate: end,
          BuyType: 'CPM',
          UnitCost: 25,
          Budget: 9000 + k * 100,
          ManagementFeePct: 10,
          SystemFeePct: 0,
          ImageCreatives: 0,
          VideoCreatives: 0,
        },
      }),
    );
    lineIds.push(line.ID);
  }
  const header = await getVersionHeader(admin.companyId, version.ID, true);
  const submitted = await submitVersion(planner, acc.id, { mediaMixId: version.ID, version: header!.version });
  await approveVersion(approver, acc.id, { mediaMixId: version.ID, version: submitted.version });
  return { activityId: activity.ID, versionId: version.ID, lineIds };
}

const extAccount = (a: SeededActivity) => `perf-${a.activityId}`;

/** Each activity's campaigns through the sync's upsert, mapped to its lines in turn; how many. */
async function seedCampaigns(companyId: number, activities: SeededActivity[]): Promise<number> {
  const campaigns = activities.flatMap((a) => Array.from({ length: a.campaigns }, (_, k) => ({ a, k })));
  await inParallel(
    campaigns,
    ({ a, k }) =>
      upsertDiscoveredCampaign(companyId, {
        ConnectorType: 'google_ads',
        ExternalAccountId: extAccount(a),
        ExternalCampaignId: String(k + 1),
        Name: `[${a.lineIds[k % a.lineIds.length]}] Perf campaign ${k + 1}`,
        Status: 'ENABLED',
        RuleLineId: a.lineIds[k % a.lineIds.length],
      }),
    SEED_PARALLEL * 2,
  );
  return campaigns.length;
}

/** One activity's stats, rollups and month summaries, as a first sync of its external account writes them. */
async function seedStats(
  companyId: number,
  a: SeededActivity,
  span: { first: CalendarDay; today: CalendarDay; scale: Scale },
  written: { statItems: number; rollupItems: number; summaryItems: number },
) {
  const book = new RollupBook(companyId, 'google_ads', extAccount(a));
  const items: Record<string, unknown>[] = [];
  const target = (k: number) => ({
    LineId: a.lineIds[k % a.lineIds.length],
    ActivityId: a.activityId,
    AccountId: a.accountId,
  });
  for (let d = span.first, day = 0; d <= span.today; d = addDaysTo(d, 1), day++) {
    for (let k = 0; k < a.campaigns; k++) {
      const impressions = 2000 + ((a.activityId * 31 + k * 17 + day * 7) % 1500);
      const s: StoredStat = {
        Date: d,
        CampaignId: String(k + 1),
        CampaignName: `Perf campaign ${k + 1}`,
        CampaignStatus: 'ENABLED',
        Currency: a.currency,
        Impressions: impressions,
        Clicks: Math.floor(impressions / 40),
        SpendMicros: impressions * 12_500,
        ConversionsMilli: (impressions % 7) * 1000,
        ConversionValueMicros: (impressions % 7) * 40_000_000,
        VideoViews: k % 3 === 0 ? Math.floor(impressions / 4) : 0,
        ...target(k),
      };
      book.change(undefined, s);
      if (span.scale.allStats || a.big) items.push(statItem(companyId, 'google_ads', extAccount(a), s));
    }
  }
  const rollups = book.takeWrites();
  await writeStatsAndRollups(items, rollups, 8);
  // Then the month summaries of its lines (what the sync writes after its rollups; the dashboard reads them).
  written.summaryItems += await refreshMonthSummaries(companyId, 'google_ads', extAccount(a), book.takeTouched(), 8);
  written.statItems += items.length;
  written.rollupItems += rollups.length;
}
