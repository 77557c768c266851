import { earliestActivityStart } from '../activities';
import { cachedConfiguration } from '../configurations';
import { companySyncSettings } from '../connectors';
import { companyToday, mainAccountOf } from '../media-plans';
import { readLineRollup } from '../performance-data';
import type { UserProfile } from '../tenancy';
import { inParallel } from '../../core/in-parallel';
import type { CalendarDay } from '../../shared/calendar';
import {
  accountFamily,
  activitiesOf,
  approvedPlans,
  connectorStates,
  type ApprovedPlan,
  type StatementPreread,
} from './statement-reads';

/**
 * What a page's statements read alike whatever the month (docs/pacing-and-billing.md): the main
 * account, the configuration, the sync settings, today, the first flight, and (once, when a month
 * gets that far) the connectors feeding the account family. One month reads it once; a range of
 * months (readStatementRange) shares it.
 */
export interface StatementContext {
  main: Awaited<ReturnType<typeof mainAccountOf>>;
  /** The page's sub-account; undefined when the page is the main account. */
  sub: number | undefined;
  config: Awaited<ReturnType<typeof cachedConfiguration>>;
  sync: Awaited<ReturnType<typeof companySyncSettings>>;
  today: CalendarDay;
  firstFlight: CalendarDay | undefined;
  connectors: () => ReturnType<typeof connectorStates>;
}

export async function statementContext(caller: UserProfile, scopeAccountId: number): Promise<StatementContext> {
  const companyId = caller.companyId;
  const [main, config, sync] = await Promise.all([
    mainAccountOf(companyId, scopeAccountId),
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
  ]);
  const sub = main.ID === scopeAccountId ? undefined : scopeAccountId;
  const today = companyToday(config);
  const firstFlight = await earliestActivityStart(companyId, main.ID);
  let states: ReturnType<typeof connectorStates> | undefined;
  const connectors = () =>
    (states ??= accountFamily(companyId, main.ID, sub).then((family) => connectorStates(companyId, family, today)));
  return { main, sub, config, sync, today, firstFlight, connectors };
}

/** A range's shared reads: the context and the plan chain and rollups of its days. */
export interface StatementRange extends StatementPreread {
  /** null: the range read no plans (nor what the months' statements share). */
  context: StatementContext | null;
}

/**
 * The reads of every statement of [first, last] made once: the context, the page's activities
 * overlapping the days and their approved plans (all skipped when `plans` is false: no month of
 * the range is computed); the day rollups over [first, last] of their lines and of `lineIds` (another
 * module's lines of the same days, e.g. the orders' of the margin), one Query per line.
 */
export async function readStatementRange(
  caller: UserProfile,
  scopeAccountId: number,
  first: CalendarDay,
  last: CalendarDay,
  opts: { plans: boolean; lineIds: readonly number[] },
): Promise<StatementRange> {
  const companyId = caller.companyId;
  const context = opts.plans ? await statementContext(caller, scopeAccountId) : null;
  const activities = context ? await activitiesOf(companyId, context.main.ID, context.sub, first, last) : null;
  const plans: Map<number, ApprovedPlan> = activities ? await approvedPlans(companyId, activities) : new Map();
  const ids = new Set(opts.lineIds);
  for (const p of plans.values()) for (const l of p?.lines ?? []) ids.add(l.ID);
  const rollups = new Map(
    await inParallel([...ids], async (id) => [id, await readLineRollup(companyId, id, first, last)] as const),
  );
  return { first, last, activities, plans, rollups, context };
}
