import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { refreshMonthSummaries } from '../../lambdas/modules/performance-data/month-summary-store.dynamodb';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { channelType, current, seedActivity, seedLine, seedVersion } from '../support/media-plans';
import type { Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * The seeding of dashboard-tiles.test.ts: approved plans whose lines run T-30 .. T+9 and their
 * actuals, stored as the sync stores them (rollups, then month summaries).
 */

export const T = todayIn(DEFAULT_TIME_ZONE);
export const d = (n: number) => addDaysTo(T, n);

const stat = statOn(T);

type Line = { Name: string; type: string; mgmt: number; sys: number; daily: number };

export async function spend(
  co: Company,
  lineId: number,
  activityId: number,
  accountId: number,
  days: Record<string, number>,
  campaign = `c${lineId}`,
) {
  const book = new RollupBook(co.companyId, 'meta_ads', `act-${activityId}-${campaign}`);
  for (const [day, daily] of Object.entries(days))
    book.change(
      undefined,
      stat({
        LineId: lineId,
        ActivityId: activityId,
        AccountId: accountId,
        Date: day,
        Currency: accountId === co.accounts.other.ID ? 'USD' : 'ILS',
        SpendMicros: daily * 1_000_000,
        CampaignId: campaign,
      }),
    );
  await book.flush();
  await refreshMonthSummaries(co.companyId, 'meta_ads', `act-${activityId}-${campaign}`, book.takeTouched());
}

export async function plan(
  c: Company,
  o: { accountId: number; subAccountId?: number; name: string; lines: Line[]; spends: boolean },
) {
  const activity = await seedActivity(c, {
    accountId: o.accountId,
    subAccountId: o.subAccountId,
    start: d(-40),
    end: d(20),
    name: o.name,
  });
  const version = await seedVersion(c, activity);
  const lineIds: number[] = [];
  for (const l of o.lines) {
    const type = await channelType(c, l.type, o.accountId);
    const line = await seedLine(c, version, {
      Name: l.Name,
      StartDate: d(-30),
      EndDate: d(9),
      Budget: 4000,
      BuyType: 'CPM',
      UnitCost: 20,
      ManagementFeePct: l.mgmt,
      SystemFeePct: l.sys,
      AccountChannelTypeId: type.ID,
    });
    lineIds.push(line.ID);
  }
  const draft = await current(c, version.ID);
  const submitted = await submitVersion(c.planner, o.accountId, { mediaMixId: version.ID, version: draft.version });
  await approveVersion(c.approver, o.accountId, { mediaMixId: version.ID, version: submitted.version });
  await scheduleActivity(c.companyId, activity.ID);
  if (o.spends)
    for (const [i, l] of o.lines.entries()) {
      const days: Record<string, number> = {};
      for (let n = -30; n <= -1; n++) days[d(n)] = l.daily;
      await spend(c, lineIds[i], activity.ID, o.subAccountId ?? o.accountId, days);
    }
  return { activity, lineIds };
}
