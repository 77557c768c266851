import type { output } from 'zod/mini';
import type { Account } from '../tenancy';
import type { getManagerDashboard } from './schemas';
import type { DataHealthSummary, ManagerDashboard } from './replies';
import { asksMonthToDate, lastOfMonth } from '../reports';
import { money } from './dashboard-math';
import type { DashboardDays } from './dashboard-scope';
import { paceShareOf, projectionOf, spendBreakdowns, topPaced } from './dashboard-summary';
import type { Tally } from './dashboard-tally';

/** The reply from the sums (live, or the precomputed tiles merged): the same arithmetic for both. */
export function replyFrom(o: {
  input: output<typeof getManagerDashboard>;
  days: DashboardDays;
  currency: string;
  config: { PacingLow: number; PacingHigh: number };
  t: Tally;
  /** The accounts of the spend and the top lists, for their names. */
  accounts: Map<number, Pick<Account, 'ID' | 'Name'>>;
  liveCount: number;
  dataHealth: DataHealthSummary;
  activitiesRead: number;
  linesRead: number;
  truncated: boolean;
}): ManagerDashboard {
  const { t, days, config } = o;
  const { today, asOf, period, completeDays } = days;
  const { actual, actualToDate, spendByAccount, spendByChannelGroup } = spendBreakdowns(t, o.accounts);
  const projection = projectionOf({
    period,
    today,
    completeDays,
    projectTo: asksMonthToDate(o.input) ? lastOfMonth(today) : period.to,
    toDateMinor: actualToDate,
    lastWeekMicros: t.lastWeek,
  });
  return {
    Currency: o.currency,
    From: period.from,
    To: period.to,
    Today: today,
    AsOf: asOf,
    PacingLow: config.PacingLow,
    PacingHigh: config.PacingHigh,
    PlannedToDate: money(t.plannedMinor),
    ActualSpend: money(actual),
    ActualToDate: money(actualToDate),
    CompleteDays: completeDays,
    ProjectedSpend: projection === null ? null : money(projection.minor),
    ProjectedTo: projection?.to ?? null,
    ManagementFees: money(t.managementFee),
    SystemFees: money(t.systemFee),
    FeesEarned: money(t.managementFee + t.systemFee),
    LiveActivities: o.liveCount,
    PaceShare: paceShareOf(t.byStatus),
    DataHealth: o.dataHealth,
    TopOver: topPaced(t.paced, 'over'),
    TopUnder: topPaced(t.paced, 'under'),
    SpendByChannelGroup: spendByChannelGroup,
    SpendByAccount: spendByAccount,
    ActivitiesRead: o.activitiesRead,
    LinesRead: o.linesRead,
    EstimatedActivities: t.estimated,
    Truncated: o.truncated,
  };
}
