import { ValidationError } from '../../core/errors';
import { listExternalLinks, listAgentConnectors } from '../connectors';
import { getAccounts } from '../tenancy';
import { listActivitiesOfMain, type Activity } from '../activities';
import { readLineRollup, type RollupRow } from '../performance-data';
import { getActivityPlan, getVersionWithLines } from '../media-plans';
import type { PlanLine, PlanVersion } from '../media-plans';
import { getSyncState } from '../connectors';
import type { CalendarDay } from '../../shared/calendar';
import { retainedFrom } from '../connectors';
import { inParallel } from '../../core/in-parallel';
import type { AdAccountCoverage } from './billable';
import type { ConnectorState } from '../performance';

/** What a billable statement reads: the month's range, activities, plan lines and their rollups, and the connectors feeding the account. */

/** Every live activity of the main account overlapping the month (the page's sub-account's only, when it is one). */
export async function activitiesOf(
  companyId: number,
  mainId: number,
  subAccountId: number | undefined,
  first: CalendarDay,
  last: CalendarDay,
): Promise<Activity[]> {
  const out: Activity[] = [];
  let token: string | null | undefined;
  do {
    const page = await listActivitiesOfMain(
      companyId,
      mainId,
      { fromDate: first, toDate: last, ...(subAccountId !== undefined ? { subAccountId } : {}) },
      500,
      false,
      token,
    );
    out.push(...page.items);
    token = page.nextToken;
  } while (token);
  return out;
}

/**
 * The agent connectors linked to the account family's ad accounts, each with the earliest
 * LastSyncedTo of its links; and what each linked ad account's stored data covers.
 */
export async function connectorStates(
  companyId: number,
  familyIds: ReadonlySet<number>,
  today: CalendarDay,
): Promise<{ connectors: ConnectorState[]; coverage: AdAccountCoverage[] }> {
  const [links, agents] = await Promise.all([listExternalLinks(companyId), listAgentConnectors(companyId)]);
  const live = new Map(agents.filter((a) => !a.Archived).map((a) => [a.ID, a]));
  const mine = links.filter((l) => familyIds.has(l.AccountId) && live.has(l.AgentConnectorId));
  const states = await inParallel(mine, async (l) => ({
    link: l,
    state: await getSyncState(companyId, l.AgentConnectorId, l.ExternalAccountId),
  }));
  const earliest = new Map<number, CalendarDay | null>();
  const coverage: AdAccountCoverage[] = [];
  for (const { link, state } of states) {
    const to = state?.LastSyncedTo ?? null;
    const seen = earliest.get(link.AgentConnectorId);
    if (seen === undefined) earliest.set(link.AgentConnectorId, to);
    else if (seen !== null) earliest.set(link.AgentConnectorId, to === null || to < seen ? to : seen);
    const agent = live.get(link.AgentConnectorId)!;
    const kept = retainedFrom(agent.ConnectorType, today);
    coverage.push({
      connectorId: agent.ID,
      connector: agent.Name,
      externalAccountId: link.ExternalAccountId,
      syncedFrom: state?.SyncedFrom ?? null,
      syncedTo: to,
      ...(kept ? { retainedFrom: kept } : {}),
    });
  }
  coverage.sort((a, b) => a.connectorId - b.connectorId || a.externalAccountId.localeCompare(b.externalAccountId));
  const connectors = [...live.values()]
    .filter((a) => earliest.has(a.ID))
    .sort((a, b) => a.ID - b.ID)
    .map((a) => ({ id: a.ID, name: a.Name, status: a.Status, lastSyncedTo: earliest.get(a.ID) ?? null }));
  return { connectors, coverage };
}

/**
 * The months a statement may be asked for: from the month of the account's first flight (its main
 * account's earliest live activity, `firstFlight`) to the company's current month; a month outside
 * is a 400 naming the range (before the first flight nothing was planned to bill; after today
 * nothing happened yet).
 */
export function checkMonthInRange(firstFlight: CalendarDay | undefined, today: CalendarDay, month: string): void {
  const to = today.slice(0, 7);
  const first = firstFlight?.slice(0, 7);
  const from = first && first < to ? first : to;
  if (month < from || month > to) {
    throw new ValidationError(
      `month: ${month} is outside the account's months (${from} to ${to})`,
      'MONTH_OUT_OF_RANGE',
      { month, from, to },
    );
  }
}

/**
 * The account family whose links feed the statement: the sub-account, or the main account and its
 * sub-accounts (by the accounts of the company's links).
 */
export async function accountFamily(companyId: number, mainId: number, sub: number | undefined): Promise<Set<number>> {
  if (sub !== undefined) return new Set([sub]);
  const links = await listExternalLinks(companyId);
  const ids = [...new Set(links.map((l) => l.AccountId))];
  const accounts = ids.length ? await getAccounts(companyId, ids) : [];
  return new Set(accounts.filter((a) => a.ID === mainId || a.ParentId === mainId).map((a) => a.ID));
}

/** A plan line of the statement with its version and activity. */
export interface StatementLine {
  line: PlanLine;
  header: PlanVersion;
  activity: Activity;
}

/** An activity's latest approved version and its lines (not archived); null: none is approved. */
export type ApprovedPlan = { header: PlanVersion; lines: PlanLine[] } | null;

/**
 * What a range of statements reads once (billing/statement-range.ts readStatementRange): the
 * page's activities overlapping [first, last], each one's approved plan, and the rollups over
 * [first, last] of their lines (and of any other lines asked for). Each month computed over it
 * takes its own activities and rows from these: the same ones its own reads would have found.
 */
export interface StatementPreread {
  first: CalendarDay;
  last: CalendarDay;
  /** null: the range read no plans (none of its months is computed over it). */
  activities: readonly Activity[] | null;
  plans: ReadonlyMap<number, ApprovedPlan>;
  rollups: ReadonlyMap<number, readonly RollupRow[]>;
}

/** Each activity's latest approved plan, by activity id (a GetItem and a Query each). */
export async function approvedPlans(
  companyId: number,
  activities: readonly Activity[],
): Promise<Map<number, ApprovedPlan>> {
  return new Map(
    await inParallel(activities, async (a) => {
      const plan = await getActivityPlan(companyId, a.ID);
      const version = plan?.ApprovedMixId ? await getVersionWithLines(companyId, plan.ApprovedMixId) : undefined;
      const approved: ApprovedPlan = version
        ? { header: version.header, lines: version.lines.filter((l) => !l.Archived) }
        : null;
      return [a.ID, approved] as const;
    }),
  );
}

/**
 * The lines (not archived) of each activity's latest approved version, and each line's rollups in
 * [first, last]: read, or taken from `pre` (its rows of those days) when it covers them.
 */
export async function statementLines(
  companyId: number,
  activities: readonly Activity[],
  first: CalendarDay,
  last: CalendarDay,
  pre?: StatementPreread,
): Promise<{ lineOf: Map<number, StatementLine>; rollups: Map<number, RollupRow[]> }> {
  const missing = activities.filter((a) => !pre?.plans.has(a.ID));
  const read = missing.length ? await approvedPlans(companyId, missing) : new Map<number, ApprovedPlan>();
  const lineOf = new Map<number, StatementLine>();
  for (const activity of activities) {
    const p = pre?.plans.get(activity.ID) ?? read.get(activity.ID);
    if (p) for (const l of p.lines) lineOf.set(l.ID, { line: l, header: p.header, activity });
  }
  const lineIds = [...lineOf.keys()];
  const rollups = new Map<number, RollupRow[]>(
    await inParallel(lineIds, async (id) => {
      const rows = pre && pre.first <= first && last <= pre.last ? pre.rollups.get(id) : undefined;
      if (rows) return [id, rows.filter((r) => r.Period >= first && r.Period <= last)] as const;
      return [id, await readLineRollup(companyId, id, first, last)] as const;
    }),
  );
  return { lineOf, rollups };
}
