import { differenceInCalendarDays, parseISO } from 'date-fns';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { AgentConnectorStatus } from '../../shared/connectors';
import {
  divideHalfUp,
  minorToNumber,
  parsePct,
  plannedToDate,
  toMinor,
  type DecimalInput,
  type Minor,
} from '../../shared/money';
import { microsToMinor } from './actuals-fx';
import {
  MAX_MISSING_DAYS,
  type PacingRules,
  type PacingContext,
  type PacingLineInput,
  type PacingStatus,
  type PacingNullReason,
  type PacingPhase,
  type BasisNote,
  type PacingBasis,
  type Pacing,
  type LinePacing,
  type PlanPacing,
} from './pacing-types';

/**
 * Pacing and projection of a media plan against its actual spend (docs/domain.md), per plan line
 * and for the whole plan. Pure: "today" is a parameter (the company's day, from todayIn), never
 * read from the clock here; spend comes in already in the plan's currency (actuals-fx.ts
 * dailySpendIn). The rules as implemented, and each decision the domain rules leave open, are in
 * docs/pacing-and-billing.md. In short:
 * - "to date" means through YESTERDAY, the last complete day: today's spend is partial, and planned
 *   spend to date counts whole days, so the morning would otherwise always look under-paced. The
 *   days left start TODAY (today is still to be spent).
 * - planned spend to date: shared/money plannedToDate (pro rata by days, or the monthly split);
 *   actual spend to date: every day of the line's actuals through yesterday (spend before the start
 *   date is spend all the same).
 * - pacing % = actual ÷ planned to date, 2 decimals; null (with its reason) when nothing is planned
 *   yet. Status from the SHOWN pacing %: under below PacingLow, over above PacingHigh, on pace
 *   between (both ends included).
 * - projected end spend = actual to date + average daily spend of the last 7 complete days × days
 *   left (days before the start are not in the average).
 * - daily spend needed = max(0, budget − actual) ÷ days left; null once the line has ended.
 */

/** Days of the average behind the projection (docs/domain.md). */
export const PROJECTION_DAYS = 7;

const daysFrom = (a: CalendarDay, b: CalendarDay) => differenceInCalendarDays(parseISO(b), parseISO(a));
const minDay = (a: CalendarDay, b: CalendarDay) => (a < b ? a : b);
const maxDay = (a: CalendarDay, b: CalendarDay) => (a > b ? a : b);

const HEALTH_ORDER: readonly AgentConnectorStatus[] = ['OK', 'Untested', 'NoAccess', 'Error'];

/** Basis points of a percent (PacingLow 90 → 9000), exact. */
const bpsOf = (pct: DecimalInput, field: string) => parsePct(pct, field);

interface Span {
  start: CalendarDay;
  end: CalendarDay;
}

/** The phase, days elapsed, days left and the last complete day of a flight on `today`. */
function timeline(span: Span, today: CalendarDay) {
  const asOf = addDaysTo(today, -1);
  const phase: PacingPhase = asOf < span.start ? 'not_started' : today > span.end ? 'ended' : 'live';
  const elapsedDays = asOf < span.start ? 0 : daysFrom(span.start, minDay(asOf, span.end)) + 1;
  const daysLeft = today > span.end ? 0 : daysFrom(maxDay(today, span.start), span.end) + 1;
  return { asOf, phase, elapsedDays, daysLeft };
}

function basisOf(
  span: Span,
  days: ReadonlySet<CalendarDay>,
  ctx: PacingContext,
  elapsedDays: number,
  inFlight: (d: CalendarDay) => boolean = () => true,
): PacingBasis {
  const asOf = addDaysTo(ctx.today, -1);
  const missingDays: CalendarDay[] = [];
  for (let d = span.start; d <= minDay(span.end, asOf) && missingDays.length < MAX_MISSING_DAYS; d = addDaysTo(d, 1)) {
    if (!days.has(d) && inFlight(d)) missingDays.push(d);
  }
  const firstProvisional = addDaysTo(ctx.today, -(Math.max(1, ctx.rules.restatementDays) - 1));
  let daysOfData = 0;
  let provisionalDays = 0;
  for (const d of days) {
    if (d < span.start || d > span.end || d > asOf) continue;
    daysOfData += 1;
    if (d >= firstProvisional) provisionalDays += 1;
  }
  const unhealthy = ctx.connectors.filter((c) => c.status !== 'OK');
  const worst = ctx.connectors.reduce<AgentConnectorStatus | null>(
    (w, c) => (w === null || HEALTH_ORDER.indexOf(c.status) > HEALTH_ORDER.indexOf(w) ? c.status : w),
    null,
  );
  const notes: BasisNote[] = [];
  if (elapsedDays > 0 && daysOfData === 0) notes.push('NO_DATA');
  else if (daysOfData < elapsedDays) notes.push('MISSING_DAYS');
  if (daysOfData > 0 && provisionalDays === daysOfData) notes.push('ALL_PROVISIONAL');
  else if (provisionalDays * 2 > daysOfData) notes.push('MOSTLY_PROVISIONAL');
  if (unhealthy.length) notes.push('CONNECTOR_UNHEALTHY');
  return {
    elapsedDays,
    daysOfData,
    provisionalDays,
    provisionalSharePct: daysOfData
      ? minorToNumber(Number(divideHalfUp(BigInt(provisionalDays) * 10_000n, BigInt(daysOfData))))
      : null,
    connectorHealth: worst,
    unhealthyConnectors: unhealthy.map((c) => c.name),
    notes,
    missingDays,
  };
}

/** Pacing % in basis points of a percent (hundredths of a percent), half-up once; planned must be > 0. */
const pacingBps = (actual: Minor, planned: Minor) => Number(divideHalfUp(BigInt(actual) * 10_000n, BigInt(planned)));

function statusOf(bps: number, rules: PacingRules): PacingStatus {
  if (bps < bpsOf(rules.pacingLow, 'pacingLow')) return 'under';
  if (bps > bpsOf(rules.pacingHigh, 'pacingHigh')) return 'over';
  return 'on_pace';
}

/** The figures both a line and a plan share, from their totals. */
function pacingOf(
  t: {
    budget: Minor;
    planned: Minor;
    actual: Minor;
    projected: Minor;
    averageDaily: Minor;
    phase: PacingPhase;
    daysLeft: number;
    started: boolean;
  },
  basis: PacingBasis,
  rules: PacingRules,
): Pacing {
  let pacingNullReason: PacingNullReason | null = null;
  if (t.budget <= 0) pacingNullReason = 'ZERO_PLAN';
  else if (!t.started) pacingNullReason = 'NOT_STARTED';
  else if (t.planned <= 0) pacingNullReason = 'NOTHING_PLANNED_YET';
  const bps = pacingNullReason ? null : pacingBps(t.actual, t.planned);
  const status = bps === null ? null : statusOf(bps, rules);
  const amountLeft = t.budget - t.actual;
  return {
    phase: t.phase,
    plannedBudget: t.budget,
    plannedToDate: t.planned,
    actualToDate: t.actual,
    pacingPct: bps === null ? null : minorToNumber(bps),
    pacingNullReason,
    status,
    alert: t.phase === 'live' && (status === 'under' || status === 'over') ? status : null,
    daysLeft: t.daysLeft,
    averageDailySpend: t.averageDaily,
    projectedEndSpend: t.projected,
    amountLeft,
    dailySpendNeeded:
      t.daysLeft === 0 ? null : Number(divideHalfUp(BigInt(Math.max(0, amountLeft)), BigInt(t.daysLeft))),
    basis,
  };
}

/** One plan line's pacing on `ctx.today`. */
export function linePacing(line: PacingLineInput, ctx: PacingContext): LinePacing {
  const span = { start: line.startDate, end: line.endDate };
  if (span.end < span.start)
    throw new RangeError(`line ${line.lineId}: endDate ${span.end} is before startDate ${span.start}`);
  const { asOf, phase, elapsedDays, daysLeft } = timeline(span, ctx.today);
  const budget = toMinor(line.budget, 'budget');
  // plannedToDate is 0 before the start and the whole budget from the end date on.
  const planned = plannedToDate(
    { budget: line.budget, startDate: line.startDate, endDate: line.endDate, monthlySplit: line.monthlySplit },
    asOf,
  );
  // The average: the last 7 complete days of the flight (fewer when it started less than 7 days ago).
  const windowStart = maxDay(addDaysTo(asOf, -(PROJECTION_DAYS - 1)), span.start);
  const windowEnd = minDay(asOf, span.end);
  const windowDays = windowEnd < windowStart ? 0 : daysFrom(windowStart, windowEnd) + 1;
  let actualMicros = 0n;
  let windowMicros = 0n;
  const days = new Set<CalendarDay>();
  for (const s of line.spend) {
    if (s.day > asOf) continue;
    actualMicros += BigInt(s.spendMicros);
    days.add(s.day);
    if (s.day >= windowStart && s.day <= windowEnd) windowMicros += BigInt(s.spendMicros);
  }
  const actual = microsToMinor(Number(actualMicros));
  // Projected = actual + (window spend ÷ window days) × days left, the product rounded once.
  const toMinorOver = (micros: bigint, by: number) =>
    by === 0 ? 0 : Number(divideHalfUp(micros, BigInt(by) * 10_000n));
  const averageDaily = toMinorOver(windowMicros, windowDays);
  const projected = actual + (windowDays === 0 ? 0 : toMinorOver(windowMicros * BigInt(daysLeft), windowDays));
  const basis = basisOf(span, days, ctx, elapsedDays);
  return {
    lineId: line.lineId,
    ...pacingOf(
      { budget, planned, actual, projected, averageDaily, phase, daysLeft, started: asOf >= span.start },
      basis,
      ctx.rules,
    ),
  };
}

/** Days through `asOf` on which at least one of the lines is in flight (a gap between two lines is no day of the plan's). */
function flightDaysThrough(lines: readonly PacingLineInput[], asOf: CalendarDay): number {
  const spans = lines
    .map((l) => ({ start: l.startDate, end: minDay(l.endDate, asOf) }))
    .filter((s) => s.start <= s.end)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  let days = 0;
  let covered: CalendarDay | null = null; // the last day counted
  for (const s of spans) {
    const from = covered !== null && covered >= s.start ? addDaysTo(covered, 1) : s.start;
    if (from <= s.end) {
      days += daysFrom(from, s.end) + 1;
      covered = s.end;
    }
  }
  return days;
}

/**
 * Every line's pacing and the whole plan's: the plan's budget, planned to date, actual, projection
 * and average are the sums of its lines' (so the plan row equals the sum of the rows above it); its
 * pacing %, status and daily spend needed follow docs/domain.md's formulas on those sums, its days left
 * run to its last line's end date, and its basis counts a day once whichever lines it has data for.
 */
export function planPacing(lines: readonly PacingLineInput[], ctx: PacingContext): PlanPacing {
  const paced = lines.map((l) => linePacing(l, ctx));
  if (!lines.length) {
    const empty = {
      budget: 0,
      planned: 0,
      actual: 0,
      projected: 0,
      averageDaily: 0,
      phase: 'not_started' as const,
      daysLeft: 0,
      started: false,
    };
    const basis: PacingBasis = {
      elapsedDays: 0,
      daysOfData: 0,
      provisionalDays: 0,
      provisionalSharePct: null,
      connectorHealth: null,
      unhealthyConnectors: [],
      notes: [],
      missingDays: [],
    };
    return { lines: [], plan: pacingOf(empty, basis, ctx.rules) };
  }
  const span = {
    start: lines.reduce((d, l) => minDay(d, l.startDate), lines[0].startDate),
    end: lines.reduce((d, l) => maxDay(d, l.endDate), lines[0].endDate),
  };
  const { asOf, phase, daysLeft } = timeline(span, ctx.today);
  const elapsedDays = flightDaysThrough(lines, asOf);
  const sum = (pick: (p: LinePacing) => Minor) => paced.reduce((acc, p) => acc + pick(p), 0);
  // A day of data of any line inside that line's own flight.
  const days = new Set<CalendarDay>();
  for (const l of lines) for (const s of l.spend) if (s.day >= l.startDate && s.day <= l.endDate) days.add(s.day);
  // A gap between lines is no day of the plan's: only days inside a line's flight can miss data.
  const basis = basisOf(span, days, ctx, elapsedDays, (d) => lines.some((l) => l.startDate <= d && d <= l.endDate));
  const plan = pacingOf(
    {
      budget: sum((p) => p.plannedBudget),
      planned: sum((p) => p.plannedToDate),
      actual: sum((p) => p.actualToDate),
      projected: sum((p) => p.projectedEndSpend),
      averageDaily: sum((p) => p.averageDailySpend),
      phase,
      daysLeft,
      started: asOf >= span.start,
    },
    basis,
    ctx.rules,
  );
  return { lines: paced, plan };
}
