import type { output } from 'zod/mini';
import { listChannelTypes } from '../channel-types';
import { companySyncSettings, listAgentConnectors, listExternalLinks } from '../connectors';
import type { PlanLine } from '../media-plans';
import { companyToday } from '../media-plans';
import { listSyncStates } from '../monitoring';
import { askedAccount, type UserProfile } from '../tenancy';
import { cachedConfiguration } from '../configurations';
import { PROJECTION_DAYS, pacingContextOf, rateBookFor, type RateBook } from '../performance';
import { inParallel } from '../../core/in-parallel';
import { addDaysTo } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { getManagerDashboard } from './schemas';
import { approvedPlanOf, type ApprovedPlan } from './approved-plans';
import { activityReads, type Read } from './dashboard-actuals';
import { maxDay, minDay } from './dashboard-math';
import {
  dashboardDays,
  dashboardLimits,
  visibleActivities,
  type DashboardDays,
  type VisibleActivities,
} from './dashboard-scope';
import type { TallyEnv } from './dashboard-tally';

/** The manager dashboard's reads up to its sums, shared by the live path and the precomputed tiles. */

const PARALLEL = 24;

/** The reads every GetManagerDashboard makes first, whatever it then computes. */
export async function fixedReadsOf(companyId: number) {
  const [config, sync, links, agents, states, catalogue] = await Promise.all([
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
    listExternalLinks(companyId),
    listAgentConnectors(companyId),
    listSyncStates(companyId),
    listChannelTypes(),
  ]);
  return { config, sync, links, agents, states, catalogue };
}

export type FixedReads = Awaited<ReturnType<typeof fixedReadsOf>>;

/** An activity's approved plan, by its id (the company is the caller's). */
export type PlanOf = (activityId: number) => Promise<ApprovedPlan | null>;

export interface GatherOptions {
  /** At most this many activities are read (the rest make the reply `Truncated`). */
  limit?: number;
  /** Where plans come from: a memo the caller shares between gathers; by default each is read here. */
  plans?: PlanOf;
}

export interface Gathered {
  days: DashboardDays;
  currency: string;
  seen: VisibleActivities;
  reads: Read[];
  env: TallyEnv;
}

/**
 * Rate books into the dashboard's currency (its rows, and each plan's currency on the last complete
 * day of the period for its planned spend), and into each live plan's currency for its pacing.
 */
async function rateBooksOf(
  companyId: number,
  reads: readonly Read[],
  currency: string,
  planCode: (r: Read) => string,
  plannedDay: string,
): Promise<Map<string, RateBook>> {
  const allRows = reads.flatMap((r) => [...r.rows, ...(r.lineRows ?? []).flatMap((l) => l.rows)]);
  const planDays = reads.filter((r) => r.plan).map((r) => ({ Currency: planCode(r), Period: plannedDay }));
  const codes = [...new Set([currency, ...reads.filter((r) => r.plan && r.live).map(planCode)])];
  return new Map<string, RateBook>(
    await Promise.all(
      codes.map(
        async (code) =>
          [code, await rateBookFor(companyId, code === currency ? [...allRows, ...planDays] : allRows, code)] as const,
      ),
    ),
  );
}

/**
 * The days, currency and visible activities of the request, each read activity with its approved
 * plan and actuals, and what the tally needs to sum them. Plans: two reads per activity, PARALLEL at
 * a time (none for a plan `options.plans` already holds); then the actuals of every month they
 * need (docs/dashboard.md "How it reads").
 */
export async function gatherDashboard(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
  fixed: FixedReads,
  { limit = dashboardLimits.activities, plans: planOf }: GatherOptions = {},
): Promise<Gathered> {
  const companyId = caller.companyId;
  const { config, sync, links, catalogue } = fixed;
  const days = dashboardDays(input, companyToday(config));
  const { today, asOf, period } = days;
  const { asked, mainOfAsked } = await askedAccount(caller, scopeAccountId, input.accountId);
  const currency = CURRENCY_CODES[mainOfAsked?.Currency ?? (config.DefaultCurrency as 1 | 2)];
  const linkAccountIds = links.map((l) => l.AccountId);
  const seen = await visibleActivities(caller, scopeAccountId, {
    asked,
    mainOfAsked,
    period,
    today,
    linkAccountIds,
    limit,
  });
  const { accounts, read } = seen;

  const groupOfType = new Map(catalogue.map((t) => [t.ID, t.Group as string]));
  const groupOf = (l: PlanLine) => groupOfType.get(l.ChannelTypeId) ?? null;
  const readFrom = minDay(period.from, addDaysTo(asOf, -(PROJECTION_DAYS - 1)));
  const readTo = maxDay(days.actualTo, asOf);
  const readPlan = planOf ?? ((id: number) => approvedPlanOf(companyId, id));
  const plans = await inParallel(read, (a) => readPlan(a.ID), PARALLEL);
  const liveById = seen.liveById;
  const reads = await activityReads(companyId, { read, plans, liveById, period, readFrom, readTo, groupOf });

  const planCurrency = (r: Read): 1 | 2 =>
    r.plan!.header.Pricing?.Currency ??
    accounts.get(r.plan!.header.AccountId)?.Currency ??
    (config.DefaultCurrency as 1 | 2);
  const planCode = (r: Read) => CURRENCY_CODES[planCurrency(r)];
  const books = await rateBooksOf(companyId, reads, currency, planCode, days.toDate);
  const ctx = pacingContextOf(today, config, sync.restatementDays, []);
  const env: TallyEnv = { ...days, currency, books, ctx, accounts, planCurrency, planCode, groupOf };
  return { days, currency, seen, reads, env };
}
