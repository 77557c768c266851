import type { Account } from '../tenancy';
import type { RollupRow } from '../performance-data';
import type { PlanLine } from '../media-plans';
import { ActivityStatus } from '../../shared/activity-status';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { formatMinor, lineAmounts, plannedToDate } from '../../shared/money';
import type { DashboardActivity } from './replies';
import { convertOnDay, dailySpendIn, microsToMinor, type RateBook } from '../performance';
import type { pacingContextOf } from '../performance';
import { PROJECTION_DAYS } from '../performance';
import { convertWith, fixedRateOf } from '../media-plans';
import type { Period } from '../reports';
import { dashboardActivityOf, planPacingFromActivity, splitByPlanned } from './approved-plans';
import type { Read } from './dashboard-actuals';
import { bookedOn } from './dashboard-scope';

/** The manager dashboard's sums over its activities: spend per account, group and pacing status, planned spend and fees. */

/** Whose plan counts as planned spend: a flight that runs or ran (not a draft, a planned one not yet live, or a cancelled one). */
const RAN = new Set<ActivityStatus>([ActivityStatus.Live, ActivityStatus.Completed]);

export interface TallyEnv {
  period: Period;
  asOf: CalendarDay;
  actualTo: CalendarDay;
  toDate: CalendarDay;
  /** The dashboard's currency. */
  currency: string;
  /** Rate books by target currency (the dashboard's, and each live plan's). */
  books: Map<string, RateBook>;
  ctx: ReturnType<typeof pacingContextOf>;
  accounts: Map<number, Account>;
  planCurrency: (r: Read) => 1 | 2;
  planCode: (r: Read) => string;
  groupOf: (l: PlanLine) => string | null;
}

export interface Tally {
  byAccount: Map<number, number>;
  byAccountToDate: Map<number, number>;
  byGroup: Map<string | null, number>;
  byStatus: { on_pace: number; under: number; over: number; none: number };
  plannedMinor: number;
  lastWeek: number;
  managementFee: number;
  systemFee: number;
  estimated: number;
  paced: DashboardActivity[];
}

const zeroFees = { imageSubmitFee: 0, videoSubmitFee: 0 };
const addTo = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);

function feesOn(t: Tally, micros: number, l: PlanLine) {
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
  t.managementFee += amounts.managementFee;
  t.systemFee += amounts.systemFee;
}

/** Planned spend of the period through the last complete day, in the dashboard's currency (minor units). */
function plannedMinorOf(r: Read, env: TallyEnv): number {
  const plan = r.plan!;
  const { period, currency } = env;
  const code = env.planCode(r);
  // In the plan's currency, converted at its fixed rate (else the day's).
  const through = env.toDate;
  const before = addDaysTo(period.from, -1);
  const planned =
    through < period.from || !(r.live || RAN.has(r.a.Status!))
      ? 0
      : plan.lines.reduce((s, l) => {
          const line = {
            budget: l.Budget,
            startDate: l.StartDate,
            endDate: l.EndDate,
            monthlySplit: l.MonthlySplit,
          };
          return s + plannedToDate(line, through) - plannedToDate(line, before);
        }, 0);
  const fixed = fixedRateOf(plan.header);
  return code === currency
    ? planned
    : fixed && (fixed.From === currency || fixed.To === currency)
      ? convertWith(fixed, env.planCurrency(r), planned)
      : microsToMinor(convertOnDay(planned * 10_000, code, currency, env.toDate, env.books.get(currency)!));
}

/** Fees and groups: per line when the lines differ, else the activity's spend with its lines' shared figures. */
function feesAndGroups(t: Tally, r: Read, periodMicros: number, env: TallyEnv, conv: (r: RollupRow) => number) {
  const plan = r.plan!;
  const inP = (d: CalendarDay) => d >= env.period.from && d <= env.actualTo;
  if (r.lineRows) {
    let attributed = 0;
    for (const { line, rows } of r.lineRows) {
      const micros = rows.filter((x) => inP(x.Period)).reduce((s, x) => s + conv(x), 0);
      attributed += micros;
      feesOn(t, micros, line);
      addTo(t.byGroup, env.groupOf(line), micros);
    }
    addTo(t.byGroup, null, periodMicros - attributed);
  } else if (r.mixed && periodMicros !== 0) {
    // Past the line reads' budget: the spend split by the lines' planned spend in the period (else their budgets).
    t.estimated += 1;
    splitByPlanned(plan.lines, periodMicros, env.period).forEach((part, i) => {
      const line = plan.lines[i];
      feesOn(t, part, line);
      addTo(t.byGroup, env.groupOf(line), part);
    });
  } else {
    feesOn(t, periodMicros, plan.lines[0]);
    addTo(t.byGroup, env.groupOf(plan.lines[0]), periodMicros);
  }
}

/** A live plan's pacing status (kept among the alerts when it has one). */
function paceLive(t: Tally, r: Read, env: TallyEnv): keyof Tally['byStatus'] {
  const plan = r.plan!;
  const code = env.planCode(r);
  const spend = dailySpendIn(
    r.rows.filter((x) => x.Period <= env.asOf),
    code,
    env.books.get(code)!,
  );
  const p = planPacingFromActivity(plan.lines, spend, env.ctx);
  if (p.alert)
    t.paced.push(
      dashboardActivityOf({ ID: r.a.ID, Name: r.a.Name ?? '' }, env.accounts.get(bookedOn(r.a)), plan, code, p),
    );
  return p.status ? p.status : 'none';
}

function tallyActivity(t: Tally, r: Read, env: TallyEnv) {
  const book = env.books.get(env.currency)!;
  const conv = (row: RollupRow) => convertOnDay(row.SpendMicros, row.Currency, env.currency, row.Period, book);
  const inP = (d: CalendarDay) => d >= env.period.from && d <= env.actualTo;
  const weekFrom = addDaysTo(env.asOf, -(PROJECTION_DAYS - 1));
  let periodMicros = 0;
  let toDateMicros = 0;
  for (const row of r.rows) {
    if (!inP(row.Period)) continue;
    const micros = conv(row);
    periodMicros += micros;
    if (row.Period <= env.asOf) toDateMicros += micros;
    if (row.Period <= env.asOf && row.Period >= weekFrom) t.lastWeek += micros;
  }
  addTo(t.byAccount, bookedOn(r.a), periodMicros);
  addTo(t.byAccountToDate, bookedOn(r.a), toDateMicros);

  let status: keyof Tally['byStatus'] = 'none';
  if (r.plan) {
    t.plannedMinor += plannedMinorOf(r, env);
    feesAndGroups(t, r, periodMicros, env, conv);
    if (r.live) status = paceLive(t, r, env);
  } else addTo(t.byGroup, null, periodMicros);
  // The pacing judged the complete days: their spend is what it shares out.
  t.byStatus[status] += toDateMicros;
}

/** A tally of nothing: the start of every sum (the live path's and the stored tiles'). */
export function emptyTally(): Tally {
  return {
    byAccount: new Map(),
    byAccountToDate: new Map(),
    byGroup: new Map(),
    byStatus: { on_pace: 0, under: 0, over: 0, none: 0 },
    plannedMinor: 0,
    lastWeek: 0,
    managementFee: 0,
    systemFee: 0,
    estimated: 0,
    paced: [],
  };
}

/** The sums over every read activity, in their order. */
export function tallyActivities(reads: readonly Read[], env: TallyEnv): Tally {
  const t = emptyTally();
  for (const r of reads) tallyActivity(t, r, env);
  return t;
}
