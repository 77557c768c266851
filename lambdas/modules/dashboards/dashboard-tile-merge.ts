import type { output } from 'zod/mini';
import { cachedAccounts, maySeeAccount, placementsOf, type UserProfile } from '../tenancy';
import { companyToday } from '../media-plans';
import type { ManagerDashboard } from './replies';
import type { getManagerDashboard } from './schemas';
import type { FixedReads } from './dashboard-gather';
import { dashboardDays } from './dashboard-scope';
import { replyFrom } from './dashboard-reply';
import { dataHealthSummary } from './dashboard-summary';
import { emptyTally, type Tally } from './dashboard-tally';
import type { AccountTile } from './tile-store.dynamodb';

/** The sums of these accounts' tiles, as tallyActivities would have summed their activities. */
export function mergeTiles(tiles: readonly AccountTile[]): Tally {
  const t = emptyTally();
  for (const x of tiles) {
    t.byAccount.set(x.AccountId, x.Spend);
    t.byAccountToDate.set(x.AccountId, x.ToDate);
    for (const [group, micros] of x.Groups) t.byGroup.set(group, (t.byGroup.get(group) ?? 0) + micros);
    for (const k of ['on_pace', 'under', 'over', 'none'] as const) t.byStatus[k] += x.Status[k];
    t.plannedMinor += x.Planned;
    t.lastWeek += x.LastWeek;
    t.managementFee += x.Mgmt;
    t.systemFee += x.Sys;
    t.estimated += x.Estimated;
    t.paced.push(...x.Paced);
  }
  return t;
}

/**
 * The reply from the company's tiles for this caller: the tiles of the accounts they may see (as the
 * live path decides it: the booked account, else the activities' main account), the names of now
 * (30 s cache, as the live replies), data health read now.
 */
export async function replyOfTiles(
  caller: UserProfile,
  input: output<typeof getManagerDashboard>,
  fixed: FixedReads,
  tiles: readonly AccountTile[],
  currency: string,
): Promise<ManagerDashboard> {
  const companyId = caller.companyId;
  const linkIds = fixed.links.map((l) => l.AccountId);
  const ids = [...new Set([...tiles.flatMap((x) => [x.AccountId, x.MainId]), ...linkIds])];
  const placed = new Map((await placementsOf(companyId, ids)).map((a) => [a.ID, a]));
  const visible = tiles.filter((x) => {
    const acc = placed.get(x.AccountId) ?? placed.get(x.MainId);
    return !!acc && maySeeAccount(caller, acc);
  });
  const t = mergeTiles(visible);
  const named = [...new Set([...visible.map((x) => x.AccountId), ...t.paced.map((e) => e.AccountId)])];
  const names = new Map((await cachedAccounts(companyId, named)).map((a) => [a.ID, a]));
  t.paced = t.paced.map((e) =>
    e.AccountName && names.has(e.AccountId) ? { ...e, AccountName: names.get(e.AccountId)!.Name } : e,
  );
  return replyFrom({
    input,
    days: dashboardDays(input, companyToday(fixed.config)),
    currency,
    config: fixed.config,
    t,
    accounts: names,
    liveCount: visible.reduce((s, x) => s + x.Live, 0),
    dataHealth: dataHealthSummary(caller, undefined, { ...fixed, accounts: placed }),
    activitiesRead: visible.reduce((s, x) => s + x.Activities, 0),
    linesRead: visible.reduce((s, x) => s + x.Lines, 0),
    truncated: false,
  });
}
