import type { Account } from '../tenancy';
import { getActivityPlan, getVersionWithLines } from '../media-plans';
import type { PlanLine, PlanVersion } from '../media-plans';
import { addDaysTo } from '../../shared/calendar';
import { plannedToDate } from '../../shared/money';
import type { DashboardActivity } from './replies';
import type { dailySpendIn } from '../performance';
import { planPacing, type Pacing } from '../performance';
import type { Period } from '../reports';
import { maxDay, minDay, money } from './dashboard-math';

/** An activity's approved plan as both dashboards read, split and pace it. */

/**
 * An activity's spend in the period (micros) split across its lines by each line's planned spend in
 * the period (by their budgets when none is planned in it); the parts add up to the whole exactly
 * (the last line takes the rounding). Pure.
 */
export function splitByPlanned(
  lines: readonly Pick<PlanLine, 'Budget' | 'BudgetMinor' | 'StartDate' | 'EndDate' | 'MonthlySplit'>[],
  micros: number,
  period: Period,
): number[] {
  const before = addDaysTo(period.from, -1);
  let weights = lines.map((l) => {
    const line = { budget: l.Budget, startDate: l.StartDate, endDate: l.EndDate, monthlySplit: l.MonthlySplit };
    return Math.max(0, plannedToDate(line, period.to) - plannedToDate(line, before));
  });
  if (weights.every((w) => w === 0)) weights = lines.map((l) => Math.max(0, l.BudgetMinor));
  const total = weights.reduce((x, w) => x + w, 0);
  let left = micros;
  return lines.map((_, i) => {
    const part = i === lines.length - 1 ? left : total === 0 ? 0 : Math.round((micros * weights[i]) / total);
    left -= part;
    return part;
  });
}

/** A version's lines with its header, as pacing and fees need them. */
export interface ApprovedPlan {
  header: PlanVersion;
  lines: PlanLine[];
}

/** The latest approved version of an activity with its lines (two reads), or null. */
export async function approvedPlanOf(companyId: number, activityId: number): Promise<ApprovedPlan | null> {
  const plan = await getActivityPlan(companyId, activityId);
  if (!plan?.ApprovedMixId) return null;
  const version = await getVersionWithLines(companyId, plan.ApprovedMixId);
  return version && version.lines.length
    ? {
        header: version.header,
        lines: [...version.lines].sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.ID - b.ID),
      }
    : null;
}

/**
 * The plan-level pacing of a version from its ACTIVITY's daily spend (plan currency), without its
 * lines' rollups: each line brings its budget, dates and split (the planned side), and one extra
 * line of budget 0 over the plan's span carries all the spend. The plan's budget, planned to date,
 * actual and pacing % are then exactly planPacing's; its projection is actual + the activity's
 * average of the last 7 days × the plan's days left (equal to the page's when the lines end together).
 */
export function planPacingFromActivity(
  lines: readonly PlanLine[],
  spend: ReturnType<typeof dailySpendIn>,
  ctx: Parameters<typeof planPacing>[1],
): Pacing {
  const start = lines.reduce((d, l) => minDay(d, l.StartDate), lines[0].StartDate);
  const end = lines.reduce((d, l) => maxDay(d, l.EndDate), lines[0].EndDate);
  return planPacing(
    [
      ...lines.map((l) => ({
        lineId: l.ID,
        budget: l.Budget,
        startDate: l.StartDate,
        endDate: l.EndDate,
        monthlySplit: l.MonthlySplit,
        spend: [],
      })),
      { lineId: 0, budget: 0, startDate: start, endDate: end, spend },
    ],
    ctx,
  ).plan;
}

export function dashboardActivityOf(
  a: { ID: number; Name: string },
  page: Account | undefined,
  plan: ApprovedPlan,
  code: string,
  p: Pacing,
): DashboardActivity {
  const end = plan.lines.reduce((d, l) => maxDay(d, l.EndDate), plan.lines[0].EndDate);
  return {
    AccountId: page?.ID ?? plan.header.AccountId,
    AccountName: page?.Name ?? '',
    ActivityId: a.ID,
    ActivityName: a.Name,
    MediaMixId: plan.header.ID,
    CurrencyCode: code,
    PlannedBudget: money(p.plannedBudget),
    PlannedToDate: money(p.plannedToDate),
    ActualToDate: money(p.actualToDate),
    PacingPct: p.pacingPct,
    Status: p.status,
    Alert: p.alert,
    ProjectedEndSpend: money(p.projectedEndSpend),
    EndDate: end,
  };
}
