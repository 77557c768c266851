import type { Account } from '../tenancy';
import type { listAgentConnectors, listExternalLinks } from '../connectors';
import type { listSyncStates } from '../monitoring';
import type { UserProfile } from '../tenancy';
import type { CalendarDay } from '../../shared/calendar';
import type { Minor } from '../../shared/money';
import { freshnessLevel, hoursSince } from '../../shared/monitoring';
import type { DashboardActivity, DataHealthSummary, PaceShare, SpendSlice } from './replies';
import { maySeeAccount } from '../tenancy';
import { microsToMinor } from '../performance';
import { PROJECTION_DAYS } from '../performance';
import { daysIn, type Period } from '../reports';
import { maxDay, money, pctOf } from './dashboard-math';
import type { Tally } from './dashboard-tally';

/** The manager dashboard's reply parts made from its sums: spend breakdowns, pace share, projection, data health. */

/** Entries of each top list, and accounts before "other". */
export const TOP_N = 10;

/** Spend per account (top TOP_N, then "other") and per channel group, with the totals they share. */
export function spendBreakdowns(t: Tally, accounts: Map<number, Pick<Account, 'ID' | 'Name'>>) {
  // Each account's spend rounded once; the total is their sum (as the report grouped by account).
  const accountMinor = [...t.byAccount]
    .map(([id, micros]) => ({ id, minor: microsToMinor(micros) }))
    .filter((x) => x.minor !== 0)
    .sort((x, y) => y.minor - x.minor || x.id - y.id);
  const actual = accountMinor.reduce((s, x) => s + x.minor, 0);
  const actualToDate = [...t.byAccountToDate.values()].reduce((s, micros) => s + microsToMinor(micros), 0);
  const slice = (key: string | null, label: string, minor: number): SpendSlice => ({
    Key: key,
    Label: label,
    Spend: money(minor),
    SharePct: pctOf(minor, actual),
  });
  const top = accountMinor.slice(0, TOP_N);
  const rest = accountMinor.slice(TOP_N).reduce((s, x) => s + x.minor, 0);
  const spendByAccount = [
    ...top.map((x) => slice(String(x.id), accounts.get(x.id)?.Name ?? String(x.id), x.minor)),
    ...(accountMinor.length > TOP_N ? [slice(null, '', rest)] : []),
  ];
  const spendByChannelGroup = [...t.byGroup]
    .map(([g, micros]) => ({ g, minor: microsToMinor(micros) }))
    .filter((x) => x.minor !== 0)
    // Ties by name: the order may not hang on which activity met a group first.
    .sort((x, y) => y.minor - x.minor || (x.g ?? '').localeCompare(y.g ?? ''))
    .map((x) => slice(x.g, x.g ?? '', x.minor));
  return { actual, actualToDate, spendByAccount, spendByChannelGroup };
}

/** The complete days' spend by pacing status, each rounded once. */
export function paceShareOf(byStatus: Tally['byStatus']): PaceShare {
  const statusMinor = {
    on_pace: microsToMinor(byStatus.on_pace),
    under: microsToMinor(byStatus.under),
    over: microsToMinor(byStatus.over),
    none: microsToMinor(byStatus.none),
  };
  const statusTotal = statusMinor.on_pace + statusMinor.under + statusMinor.over + statusMinor.none;
  return {
    OnPace: money(statusMinor.on_pace),
    Under: money(statusMinor.under),
    Over: money(statusMinor.over),
    NotPaced: money(statusMinor.none),
    OnPacePct: pctOf(statusMinor.on_pace, statusTotal),
    UnderPct: pctOf(statusMinor.under, statusTotal),
    OverPct: pctOf(statusMinor.over, statusTotal),
    NotPacedPct: pctOf(statusMinor.none, statusTotal),
  };
}

/** The TOP_N paced activities with the given alert, furthest from pace first. */
export function topPaced(paced: readonly DashboardActivity[], alert: 'over' | 'under'): DashboardActivity[] {
  const dir = alert === 'over' ? -1 : 1;
  return paced
    .filter((x) => x.Alert === alert)
    .sort((x, y) => dir * ((x.PacingPct ?? 0) - (y.PacingPct ?? 0)) || x.ActivityId - y.ActivityId)
    .slice(0, TOP_N);
}

/**
 * The period's projected spend (minor units) at `projectTo` (this month: its last day, not today):
 * spend through the last complete day + their average over the last PROJECTION_DAYS of them inside
 * the period × the days left (today included). Null when the period runs on and has no complete
 * day yet: no basis. A period that has ended projects its actual.
 */
export function projectionOf(o: {
  period: Period;
  today: CalendarDay;
  completeDays: number;
  projectTo: CalendarDay;
  toDateMinor: Minor;
  lastWeekMicros: number;
}): { minor: Minor; to: CalendarDay } | null {
  if (o.period.to < o.today) return { minor: o.toDateMinor, to: o.period.to };
  if (o.completeDays === 0) return null;
  const daysLeft = daysIn({ from: maxDay(o.today, o.period.from), to: o.projectTo });
  const windowDays = Math.min(PROJECTION_DAYS, o.completeDays);
  return {
    minor: o.toDateMinor + microsToMinor(Math.round((o.lastWeekMicros * daysLeft) / windowDays)),
    to: o.projectTo,
  };
}

/**
 * The agent connectors the caller sees (as System Monitoring's data health: linked to an account
 * they see, or any when they see every account), each counted once: Error when its status is not OK,
 * Stale when OK but one of its visible ad accounts (or, linked to none, the connector) has not synced
 * within FRESH_HOURS, else OK.
 */
export function dataHealthSummary(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  r: {
    links: Awaited<ReturnType<typeof listExternalLinks>>;
    agents: Awaited<ReturnType<typeof listAgentConnectors>>;
    states: Awaited<ReturnType<typeof listSyncStates>>;
    accounts: Map<number, Pick<Account, 'ID' | 'ParentId'>>;
  },
): DataHealthSummary {
  const now = Date.now();
  const sees = (a: Pick<Account, 'ID' | 'ParentId'> | undefined) =>
    !!a &&
    maySeeAccount(caller, a) &&
    (scopeAccountId === undefined || a.ID === scopeAccountId || a.ParentId === scopeAccountId);
  const seesUnlinked = caller.accountAccess === 'all' && scopeAccountId === undefined;
  const stateOf = new Map(r.states.map((s) => [`${s.AgentConnectorId}#${s.ExternalAccountId}`, s]));
  const out: DataHealthSummary = { Ok: 0, Stale: 0, Error: 0 };
  for (const agent of r.agents) {
    if (agent.Archived) continue;
    const links = r.links.filter((l) => l.AgentConnectorId === agent.ID && sees(r.accounts.get(l.AccountId)));
    if (!links.length && !seesUnlinked) continue;
    if (agent.Status !== 'OK') {
      out.Error += 1;
      continue;
    }
    const syncs = links.length
      ? links.map((l) => stateOf.get(`${l.AgentConnectorId}#${l.ExternalAccountId}`)?.LastSyncAt ?? null)
      : [agent.LastSyncAt ?? null];
    const fresh = syncs.every((at) => freshnessLevel(hoursSince(at, now)) === 'fresh');
    if (fresh) out.Ok += 1;
    else out.Stale += 1;
  }
  return out;
}
