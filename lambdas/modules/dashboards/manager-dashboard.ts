import type { output } from 'zod/mini';
import { activityTotalsOfCompany, activityTotalsOfMain, type ActivityTotalsRow } from '../../repositories/activities';
import { getAccounts, type Account } from '../tenancy';
import { listChannelTypes } from '../channel-types';
import { listAgentConnectors, listExternalLinks } from '../connectors';
import type { RollupRow } from '../performance-data';
import { readMonthSummary } from '../performance-data';
import { liveActivitiesWithOwner, type LiveActivityRow } from './store';
import { getMixPlan, getMixWithLines } from '../../repositories/media-mix-reads';
import type { MediaChannel, MediaMix } from '../../repositories/media-mix-types';
import { listSyncStates } from '../monitoring';
import type { UserProfile } from '../tenancy';
import type { getManagerDashboard } from './schemas';
import { ActivityStatus } from '../../shared/activity-status';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/media-mix-status';
import { formatMinor, lineAmounts, minorToNumber, plannedToDate, type Minor } from '../../shared/money';
import { freshnessLevel, hoursSince } from '../../shared/monitoring';
import type { DashboardActivity, DataHealthSummary, ManagerDashboard, PaceShare, SpendSlice } from './replies';
import { companySyncSettings } from '../connectors';
import { loadAccountInScope, loadVisibleAccount, maySeeAccount } from '../tenancy';
import { rateBookFor } from '../performance';
import { convertOnDay, dailySpendIn, microsToMinor, type RateBook } from '../performance';
import { pacingContextOf } from '../performance';
import { inParallel } from '../../core/in-parallel';
import { companyToday, convertWith, fixedRateOf } from '../../domain/media-mix-figures';
import { cachedConfiguration } from '../configurations';
import { planPacing, PROJECTION_DAYS, type Pacing } from '../performance';
import { READ_CACHE_MS, readCache } from '../../core/read-cache';
import { asksMonthToDate, daysIn, lastOfMonth, periodAsked, type Period } from '../reports';

/**
 * DashboardService.GetManagerDashboard: the tiles, top lists and spend breakdowns of
 * a period, over the activities the caller sees. How it reads and what it costs: docs/dashboard.md.
 * In short: per activity (PARALLEL at a time, at most MAX_ACTIVITIES: Truncated) its plan counter and
 * its latest approved version's lines; the actuals of all of them from the company's month summaries
 * (repositories/month-summaries.ts: one paged Query per month, spend per line × currency × source by
 * day), so fees and channel groups are per line, exactly, for every activity.
 */

/** Activities read per request (live ones first). */
export const MAX_ACTIVITIES = 2000;
/** Entries of each top list, and accounts before "other". */
export const TOP_N = 10;
const PARALLEL = 24;

const money = (m: Minor) => minorToNumber(m);
const minDay = (a: CalendarDay, b: CalendarDay) => (a < b ? a : b);
const maxDay = (a: CalendarDay, b: CalendarDay) => (a > b ? a : b);
/** Percent with 2 decimals of part ÷ whole (0 when whole is 0). */
const pctOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100);

/**
 * An activity's spend in the period (micros) split across its lines by each line's planned spend in
 * the period (by their budgets when none is planned in it); the parts add up to the whole exactly
 * (the last line takes the rounding). Pure.
 */
export function splitByPlanned(
  lines: readonly Pick<MediaChannel, 'Budget' | 'BudgetMinor' | 'StartDate' | 'EndDate' | 'MonthlySplit'>[],
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
  header: MediaMix;
  lines: MediaChannel[];
}

/** The latest approved version of an activity with its lines (two reads), or null. */
export async function approvedPlanOf(companyId: number, activityId: number): Promise<ApprovedPlan | null> {
  const plan = await getMixPlan(companyId, activityId);
  if (!plan?.ApprovedMixId) return null;
  const mix = await getMixWithLines(companyId, plan.ApprovedMixId);
  return mix && mix.lines.length
    ? {
        header: mix.header,
        lines: [...mix.lines].sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.ID - b.ID),
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
  lines: readonly MediaChannel[],
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

/** An activity as the dashboard reads it (the period's list and the live list). */
type Act = Pick<ActivityTotalsRow, 'ID' | 'AccountId' | 'SubAccountId'> & { Status?: ActivityStatus; Name?: string };

/** Whose plan counts as planned spend: a flight that runs or ran (not a draft, a planned one not yet live, or a cancelled one). */
const RAN = new Set<ActivityStatus>([ActivityStatus.Live, ActivityStatus.Completed]);

interface Read {
  a: Act;
  live: boolean;
  plan: ApprovedPlan | null;
  rows: RollupRow[];
  /** Per line (mixed activities only): its rollup rows in the period. */
  lineRows: { line: MediaChannel; rows: RollupRow[] }[] | null;
  /** Its lines differ in fee percentages or channel group. */
  mixed: boolean;
}

const feeKey = (l: MediaChannel, group: (l: MediaChannel) => string | null) =>
  `${l.ManagementFeePct}|${l.SystemFeePct}|${group(l) ?? ''}`;

/**
 * Replies kept per company, reach (the accounts the caller sees), request account and input for at
 * most READ_CACHE_MS (30 s, the policy of read-cache.ts): the dashboard is the heaviest read and many
 * managers open it at once, while its figures move with a sync (daily, or a Sync now).
 */
const replies = readCache<ManagerDashboard>(READ_CACHE_MS, 200);

/** DashboardService.GetManagerDashboard. */
export function managerDashboardFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
): Promise<ManagerDashboard> {
  const reach = caller.accountAccess === 'all' ? 'all' : [...caller.accountAccess].sort((a, b) => a - b).join(',');
  // Today is in the key: at midnight "this month" is another period.
  return cachedConfiguration(caller.companyId).then((config) => {
    const key = [
      caller.companyId,
      reach,
      scopeAccountId ?? '',
      companyToday(config),
      input.period ?? '',
      input.from ?? '',
      input.to ?? '',
      input.accountId ?? '',
    ].join('#');
    return replies.get(key, () => readManagerDashboard(caller, scopeAccountId, input));
  });
}

async function readManagerDashboard(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
): Promise<ManagerDashboard> {
  const companyId = caller.companyId;
  const [config, sync, links, agents, states, catalogue] = await Promise.all([
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
    listExternalLinks(companyId),
    listAgentConnectors(companyId),
    listSyncStates(companyId),
    listChannelTypes(),
  ]);
  const today = companyToday(config);
  const asOf = addDaysTo(today, -1);
  const period: Period = periodAsked(input, today);
  // Spend is counted through today (a row dated later is a platform ahead of the company's clock);
  // "to date" figures through the last complete day, so planned and actual cover the same days.
  const actualTo = minDay(period.to, today);
  const toDate = minDay(period.to, asOf);
  const completeDays = Math.max(0, daysIn({ from: period.from, to: toDate }));

  // The account asked for (as the report: checked against the caller and the request's account).
  const asked =
    input.accountId !== undefined
      ? await (scopeAccountId !== undefined
          ? loadAccountInScope(caller, scopeAccountId, input.accountId)
          : loadVisibleAccount(caller, input.accountId))
      : scopeAccountId !== undefined
        ? await loadVisibleAccount(caller, scopeAccountId)
        : null;
  const mainOfAsked = asked && asked.ParentId !== null ? (await getAccounts(companyId, [asked.ParentId]))[0] : asked;
  const currency = CURRENCY_CODES[mainOfAsked?.Currency ?? (config.DefaultCurrency as 1 | 2)];

  const filter = {
    fromDate: period.from,
    toDate: period.to,
    ...(asked && asked.ParentId !== null ? { subAccountId: asked.ID } : {}),
  };
  const [inPeriod, live] = await Promise.all([
    mainOfAsked ? activityTotalsOfMain(companyId, mainOfAsked.ID, filter) : activityTotalsOfCompany(companyId, filter),
    liveActivitiesWithOwner(companyId, today),
  ]);
  const liveById = new Map<number, LiveActivityRow>(live.map((a) => [a.ID, a]));
  const all = new Map<number, Act>(inPeriod.map((a) => [a.ID, a]));
  for (const a of live) if (!all.has(a.ID)) all.set(a.ID, a);

  const linkAccountIds = links.map((l) => l.AccountId);
  const ids = [
    ...new Set([
      ...[...all.values()].flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])]),
      ...linkAccountIds,
    ]),
  ];
  const accounts = new Map<number, Account>(
    (ids.length ? await getAccounts(companyId, ids) : []).map((a) => [a.ID, a]),
  );
  const bookedOn = (a: { AccountId: number; SubAccountId: number | null }) => a.SubAccountId ?? a.AccountId;
  const inScope = (acc: Account | undefined) =>
    !!acc &&
    maySeeAccount(caller, acc) &&
    (scopeAccountId === undefined || acc.ID === scopeAccountId || acc.ParentId === scopeAccountId);
  const inAsked = (a: { AccountId: number; SubAccountId: number | null }) =>
    !asked || (asked.ParentId === null ? a.AccountId === asked.ID : a.SubAccountId === asked.ID);
  const sees = (a: { AccountId: number; SubAccountId: number | null }) =>
    inScope(accounts.get(bookedOn(a)) ?? accounts.get(a.AccountId)) && inAsked(a);

  const visible = [...all.values()]
    .filter(sees)
    .sort((x, y) => Number(liveById.has(y.ID)) - Number(liveById.has(x.ID)) || x.ID - y.ID);
  const read = visible.slice(0, MAX_ACTIVITIES);
  const liveCount = live.filter(sees).length;

  const groupOfType = new Map(catalogue.map((t) => [t.ID, t.Group as string]));
  const groupOf = (l: MediaChannel) => groupOfType.get(l.ChannelTypeId) ?? null;
  const readFrom = minDay(period.from, addDaysTo(asOf, -(PROJECTION_DAYS - 1)));
  const readTo = maxDay(actualTo, asOf);

  // Plans (two reads per activity, PARALLEL at a time), then the actuals of every month they need from
  // the company's month summaries (one paged Query per month, month-summaries.ts): the period and the
  // last 7 complete days, and for live activities (pacing) back to their plan's first month.
  const plans = await inParallel(read, (a) => approvedPlanOf(companyId, a.ID), PARALLEL);
  let firstDay = readFrom;
  read.forEach((a, i) => {
    if (liveById.has(a.ID) && plans[i]) firstDay = minDay(firstDay, plans[i]!.lines[0].StartDate);
  });
  const months: string[] = [];
  for (let m = firstDay.slice(0, 7); m <= readTo.slice(0, 7); m = addDaysTo(`${m}-28`, 7).slice(0, 7)) months.push(m);
  const wanted = new Set(read.map((a) => a.ID));
  /** Per activity: its spend by day#currency, and per line. */
  const actuals = new Map<number, { rows: Map<string, RollupRow>; lines: Map<number, Map<string, RollupRow>> }>();
  const addRow = (into: Map<string, RollupRow>, day: string, currency: string, micros: number) => {
    const row = into.get(`${day}#${currency}`);
    if (row) row.SpendMicros += micros;
    else
      into.set(`${day}#${currency}`, {
        Period: day,
        Currency: currency,
        Impressions: 0,
        Clicks: 0,
        SpendMicros: micros,
        ConversionsMilli: 0,
        ConversionValueMicros: 0,
        VideoViews: 0,
      });
  };
  await Promise.all(
    months.map(async (month) => {
      for (const item of await readMonthSummary(companyId, month)) {
        if (item.ActivityId === undefined || !wanted.has(item.ActivityId)) continue;
        let a = actuals.get(item.ActivityId);
        if (!a) actuals.set(item.ActivityId, (a = { rows: new Map(), lines: new Map() }));
        let line = a.lines.get(item.LineId);
        if (!line) a.lines.set(item.LineId, (line = new Map()));
        for (const [dd, micros] of Object.entries(item.DaySpend ?? {})) {
          const day = `${month}-${dd}`;
          if (day > readTo) continue;
          addRow(a.rows, day, item.Currency, Number(micros));
          addRow(line, day, item.Currency, Number(micros));
        }
      }
    }),
  );
  const byDay = (x: RollupRow, y: RollupRow) =>
    x.Period.localeCompare(y.Period) || x.Currency.localeCompare(y.Currency);
  const reads: Read[] = read.map((a, i) => {
    const isLive = liveById.has(a.ID);
    const plan = plans[i];
    const got = actuals.get(a.ID);
    const rows = [...(got?.rows.values() ?? [])].filter((x) => isLive || x.Period >= readFrom).sort(byDay);
    const mixed = !!plan && new Set(plan.lines.map((l) => feeKey(l, groupOf))).size > 1;
    // Per line (exact fees and groups) when the lines differ and the activity spent in the period.
    const lineRows: Read['lineRows'] =
      mixed && rows.some((x) => x.Period >= period.from && x.Period <= period.to && x.SpendMicros !== 0)
        ? plan.lines.map((line) => ({
            line,
            rows: [...(got?.lines.get(line.ID)?.values() ?? [])]
              .filter((x) => x.Period >= period.from && x.Period <= period.to)
              .sort(byDay),
          }))
        : null;
    return { a: { ...a, Name: liveById.get(a.ID)?.Name }, live: isLive, plan, rows, lineRows, mixed };
  });

  // Rates: into the dashboard's currency (its rows, and each plan's currency on the last complete day
  // of the period for its planned spend), and into each plan's currency for its pacing.
  const planCurrency = (r: Read): 1 | 2 =>
    r.plan!.header.Pricing?.Currency ??
    accounts.get(r.plan!.header.AccountId)?.Currency ??
    (config.DefaultCurrency as 1 | 2);
  const planCode = (r: Read) => CURRENCY_CODES[planCurrency(r)];
  const plannedDay = minDay(period.to, asOf);
  const allRows = reads.flatMap((r) => [...r.rows, ...(r.lineRows ?? []).flatMap((l) => l.rows)]);
  const planDays = reads.filter((r) => r.plan).map((r) => ({ Currency: planCode(r), Period: plannedDay }));
  const codes = [...new Set([currency, ...reads.filter((r) => r.plan && r.live).map(planCode)])];
  const books = new Map<string, RateBook>(
    await Promise.all(
      codes.map(
        async (code) =>
          [code, await rateBookFor(companyId, code === currency ? [...allRows, ...planDays] : allRows, code)] as const,
      ),
    ),
  );
  const book = books.get(currency)!;

  const inP = (d: CalendarDay) => d >= period.from && d <= actualTo;
  const ctx = pacingContextOf(today, config, sync.restatementDays, []);
  const conv = (r: RollupRow) => convertOnDay(r.SpendMicros, r.Currency, currency, r.Period, book);

  const byAccount = new Map<number, number>();
  const byAccountToDate = new Map<number, number>();
  const byGroup = new Map<string | null, number>();
  const byStatus = { on_pace: 0, under: 0, over: 0, none: 0 };
  let plannedMinor = 0;
  let lastWeek = 0;
  let managementFee = 0;
  let estimated = 0;
  let systemFee = 0;
  const paced: DashboardActivity[] = [];
  const zeroFees = { imageSubmitFee: 0, videoSubmitFee: 0 };
  const feesOn = (micros: number, l: MediaChannel) => {
    const amounts = lineAmounts(
      {
        budget: formatMinor(microsToMinor(micros)),
        managementFeePct: l.ManagementFeePct,
        systemFeePct: l.SystemFeePct,
        imageCreatives: 0,
        videoCreatives: 0,
      },
      zeroFees,
    );
    managementFee += amounts.managementFee;
    systemFee += amounts.systemFee;
  };
  const addTo = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);

  const weekFrom = addDaysTo(asOf, -(PROJECTION_DAYS - 1));
  for (const r of reads) {
    let periodMicros = 0;
    let toDateMicros = 0;
    for (const row of r.rows) {
      if (!inP(row.Period)) continue;
      const micros = conv(row);
      periodMicros += micros;
      if (row.Period <= asOf) toDateMicros += micros;
      if (row.Period <= asOf && row.Period >= weekFrom) lastWeek += micros;
    }
    addTo(byAccount, bookedOn(r.a), periodMicros);
    addTo(byAccountToDate, bookedOn(r.a), toDateMicros);

    let status: keyof typeof byStatus = 'none';
    if (r.plan) {
      const code = planCode(r);
      // Planned spend of the period through the last complete day, in the plan's currency, converted at its fixed rate (else the day's).
      const through = toDate;
      const before = addDaysTo(period.from, -1);
      const planned =
        through < period.from || !(r.live || RAN.has(r.a.Status!))
          ? 0
          : r.plan.lines.reduce((s, l) => {
              const line = {
                budget: l.Budget,
                startDate: l.StartDate,
                endDate: l.EndDate,
                monthlySplit: l.MonthlySplit,
              };
              return s + plannedToDate(line, through) - plannedToDate(line, before);
            }, 0);
      const fixed = fixedRateOf(r.plan.header);
      plannedMinor +=
        code === currency
          ? planned
          : fixed && (fixed.From === currency || fixed.To === currency)
            ? convertWith(fixed, planCurrency(r), planned)
            : microsToMinor(convertOnDay(planned * 10_000, code, currency, plannedDay, book));

      // Fees and groups: per line when the lines differ, else the activity's spend with its lines' shared figures.
      if (r.lineRows) {
        let attributed = 0;
        for (const { line, rows } of r.lineRows) {
          const micros = rows.filter((x) => inP(x.Period)).reduce((s, x) => s + conv(x), 0);
          attributed += micros;
          feesOn(micros, line);
          addTo(byGroup, groupOf(line), micros);
        }
        addTo(byGroup, null, periodMicros - attributed);
      } else if (r.mixed && periodMicros !== 0) {
        // Past the line reads' budget: the spend split by the lines' planned spend in the period (else their budgets).
        estimated += 1;
        splitByPlanned(r.plan.lines, periodMicros, period).forEach((part, i) => {
          const line = r.plan!.lines[i];
          feesOn(part, line);
          addTo(byGroup, groupOf(line), part);
        });
      } else {
        feesOn(periodMicros, r.plan.lines[0]);
        addTo(byGroup, groupOf(r.plan.lines[0]), periodMicros);
      }

      if (r.live) {
        const p = planPacingFromActivity(
          r.plan.lines,
          dailySpendIn(
            r.rows.filter((x) => x.Period <= asOf),
            code,
            books.get(code)!,
          ),
          ctx,
        );
        if (p.status) status = p.status;
        if (p.alert)
          paced.push(
            dashboardActivityOf({ ID: r.a.ID, Name: r.a.Name ?? '' }, accounts.get(bookedOn(r.a)), r.plan, code, p),
          );
      }
    } else addTo(byGroup, null, periodMicros);
    // The pacing judged the complete days: their spend is what it shares out.
    byStatus[status] += toDateMicros;
  }

  // Each account's spend rounded once; the total is their sum (as the report grouped by account).
  const accountMinor = [...byAccount]
    .map(([id, micros]) => ({ id, minor: microsToMinor(micros) }))
    .filter((x) => x.minor !== 0)
    .sort((x, y) => y.minor - x.minor || x.id - y.id);
  const actual = accountMinor.reduce((s, x) => s + x.minor, 0);
  const actualToDate = [...byAccountToDate.values()].reduce((s, micros) => s + microsToMinor(micros), 0);
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
  const spendByChannelGroup = [...byGroup]
    .map(([g, micros]) => ({ g, minor: microsToMinor(micros) }))
    .filter((x) => x.minor !== 0)
    .sort((x, y) => y.minor - x.minor)
    .map((x) => slice(x.g, x.g ?? '', x.minor));

  const projection = projectionOf({
    period,
    today,
    completeDays,
    projectTo: asksMonthToDate(input) ? lastOfMonth(today) : period.to,
    toDateMinor: actualToDate,
    lastWeekMicros: lastWeek,
  });

  const statusMinor = {
    on_pace: microsToMinor(byStatus.on_pace),
    under: microsToMinor(byStatus.under),
    over: microsToMinor(byStatus.over),
    none: microsToMinor(byStatus.none),
  };
  const statusTotal = statusMinor.on_pace + statusMinor.under + statusMinor.over + statusMinor.none;
  const paceShare: PaceShare = {
    OnPace: money(statusMinor.on_pace),
    Under: money(statusMinor.under),
    Over: money(statusMinor.over),
    NotPaced: money(statusMinor.none),
    OnPacePct: pctOf(statusMinor.on_pace, statusTotal),
    UnderPct: pctOf(statusMinor.under, statusTotal),
    OverPct: pctOf(statusMinor.over, statusTotal),
    NotPacedPct: pctOf(statusMinor.none, statusTotal),
  };

  const byPct = (dir: 1 | -1) => (x: DashboardActivity, y: DashboardActivity) =>
    dir * ((x.PacingPct ?? 0) - (y.PacingPct ?? 0)) || x.ActivityId - y.ActivityId;
  return {
    Currency: currency,
    From: period.from,
    To: period.to,
    Today: today,
    AsOf: asOf,
    PacingLow: config.PacingLow,
    PacingHigh: config.PacingHigh,
    PlannedToDate: money(plannedMinor),
    ActualSpend: money(actual),
    ActualToDate: money(actualToDate),
    CompleteDays: completeDays,
    ProjectedSpend: projection === null ? null : money(projection.minor),
    ProjectedTo: projection?.to ?? null,
    ManagementFees: money(managementFee),
    SystemFees: money(systemFee),
    FeesEarned: money(managementFee + systemFee),
    LiveActivities: liveCount,
    PaceShare: paceShare,
    DataHealth: dataHealthSummary(caller, scopeAccountId, { links, agents, states, accounts }),
    TopOver: paced
      .filter((x) => x.Alert === 'over')
      .sort(byPct(-1))
      .slice(0, TOP_N),
    TopUnder: paced
      .filter((x) => x.Alert === 'under')
      .sort(byPct(1))
      .slice(0, TOP_N),
    SpendByChannelGroup: spendByChannelGroup,
    SpendByAccount: spendByAccount,
    ActivitiesRead: read.length,
    LinesRead: reads.reduce((s, r) => s + (r.lineRows?.length ?? 0), 0),
    EstimatedActivities: estimated,
    Truncated: visible.length > read.length,
  };
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
function dataHealthSummary(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  r: {
    links: Awaited<ReturnType<typeof listExternalLinks>>;
    agents: Awaited<ReturnType<typeof listAgentConnectors>>;
    states: Awaited<ReturnType<typeof listSyncStates>>;
    accounts: Map<number, Account>;
  },
): DataHealthSummary {
  const now = Date.now();
  const sees = (a: Account | undefined) =>
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
