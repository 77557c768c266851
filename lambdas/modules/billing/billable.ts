import { formatISO, lastDayOfMonth, parseISO } from 'date-fns';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { AgentConnectorStatus } from '../../shared/connectors';
import {
  formatMinor,
  lineAmounts,
  parsePct,
  percentOf,
  toMinor,
  type DecimalInput,
  type LineAmounts,
  type Minor,
} from '../../shared/money';
import type { PlanRate } from '../media-plans/replies/plans';
import { microsToMinor, spendAtRates, type PlanRateGap, type RateBook } from '../performance';
import type { ActualDay, ConnectorState } from '../performance';

/**
 * The billable statement of an account for a calendar month (docs/domain.md): the money stack of
 * a media plan applied to ACTUAL spend. Pure: the caller reads the lines, their actuals, the rates
 * and the connectors; the rules, and each decision the domain rules leave open, are in
 * docs/pacing-and-billing.md:
 * - net actual of a line = its month's spend, each row converted into the account currency at its
 *   day's rate (actuals-fx.ts), summed exactly and rounded half-up once;
 * - its management and system fees, and its creatives, are shared/money lineAmounts of that net
 *   (each rounded once, as a plan line's); a line's creatives are billed in the month it starts;
 * - the setup fee once per media mix, in the month of its first line's start;
 * - the statement's amounts are the sums of its lines' rounded amounts (+ setup fees); VAT once on
 *   the subtotal when the account applies it; total = subtotal + VAT;
 * - the exchange-rate effect apart: the net at the days' rates minus the net at each plan's fixed rate;
 * - NOT FINAL while any day of the month is inside the restatement window, or any connector feeding
 *   the account is not OK or has not synced the month's last day at its last restatement, or a day
 *   of the month's flights lacks data for a linked ad account: a month
 *   may be marked final only when `canMarkFinal`.
 */

export interface BillingPricing {
  /** Percent, configuration VatPct (18). */
  vatPct: DecimalInput;
  imageSubmitFee: DecimalInput;
  videoSubmitFee: DecimalInput;
  setupFee: DecimalInput;
}

/** A plan line of the account (of an approved plan version) with its actuals. */
export interface BillableLine {
  lineId: number;
  mediaMixId: number;
  managementFeePct: DecimalInput;
  systemFeePct: DecimalInput;
  imageCreatives: number;
  videoCreatives: number;
  startDate: CalendarDay;
  /** The rate the line's plan version fixed at approval (the FX effect's reference); null when none. */
  planRate: PlanRate | null;
  /** The line's rollup rows, any days: the statement takes its month's. */
  actuals: readonly ActualDay[];
}

export interface BillableInput {
  accountId: number;
  /** 'YYYY-MM' */
  month: string;
  /** Today in the company's time zone. */
  today: CalendarDay;
  /** Configuration RestatementDays (28). */
  restatementDays: number;
  /** The account's currency code ('ILS', 'USD'): every amount is in it. */
  currency: string;
  applyVat: boolean;
  pricing: BillingPricing;
  /** Every line of the account's plans that may bill in the month (all lines of each plan: its setup fee goes by its first). */
  lines: readonly BillableLine[];
  rates: RateBook;
  /** The agent connectors linked to the account (the sources of its actuals). */
  connectors: readonly ConnectorState[];
  /** The flights (activities) of the statement overlapping the month: the days whose data must be there. */
  flights?: readonly { start: CalendarDay; end: CalendarDay }[];
  /** What each linked ad account's stored data covers (its sync state). */
  coverage?: readonly AdAccountCoverage[];
}

/** The days a linked ad account's stored data covers: syncedFrom..syncedTo (both null: never synced). */
export interface AdAccountCoverage {
  connectorId: number;
  connector: string;
  externalAccountId: string;
  syncedFrom: CalendarDay | null;
  syncedTo: CalendarDay | null;
  /** The first day its platform still keeps (undefined: all). */
  retainedFrom?: CalendarDay;
}

export interface BillableLineAmounts extends LineAmounts {
  lineId: number;
  mediaMixId: number;
  /** The line's net at its plan's fixed rate; null when it cannot be (fxGap). */
  netAtPlanRate: Minor | null;
  fxGap: PlanRateGap | null;
}

export type NotFinalReason =
  /** Days of the month are still inside the restatement window: the platforms may still change them. */
  | { code: 'PROVISIONAL'; lastDay: CalendarDay; finalFrom: CalendarDay }
  /** A connector feeding the account is not healthy (Error, NoAccess or never tested). */
  | { code: 'CONNECTOR_NOT_OK'; connectorId: number; connector: string; status: AgentConnectorStatus }
  /** A connector's last successful sync did not read the month's last day at its last restatement. */
  | {
      code: 'SYNC_BEHIND';
      connectorId: number;
      connector: string;
      lastSyncedTo: CalendarDay | null;
      needed: CalendarDay;
    }
  /** Days of the month's flights that a linked ad account's stored data does not cover (`beyondRetention`: some the platform no longer keeps). */
  | {
      code: 'MISSING_DAYS';
      connectorId: number;
      connector: string;
      externalAccountId: string;
      days: CalendarDay[];
      beyondRetention: boolean;
    };

export interface BillableStatement {
  accountId: number;
  month: string;
  currency: string;
  /** The lines that bill something this month (spend or creatives), by line id. */
  lines: BillableLineAmounts[];
  /** Minor units of the account currency. */
  net: Minor;
  managementFee: Minor;
  systemFee: Minor;
  creativeFee: Minor;
  setupFee: Minor;
  /** The media mixes whose setup fee is billed this month. */
  setupFeeVersionIds: number[];
  subtotal: Minor;
  vat: Minor;
  total: Minor;
  /** Apart from delivery (never in the total): net at the days' rates − net at the plans' fixed rates. */
  fx: { netAtPlanRate: Minor | null; effect: Minor | null; gap: PlanRateGap | null; foreignCurrencies: string[] };
  canMarkFinal: boolean;
  notFinalReasons: NotFinalReason[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first and last days of a 'YYYY-MM' month. */
export function monthDays(month: string): { first: CalendarDay; last: CalendarDay } {
  if (!MONTH.test(month)) throw new RangeError(`month: '${month}' is not YYYY-MM`);
  const first = `${month}-01`;
  return { first, last: formatISO(lastDayOfMonth(parseISO(first)), { representation: 'date' }) };
}

/**
 * Why the month may not be final yet (empty: it may). The month's last day leaves the restatement
 * window of `today` (the last `restatementDays` days, today included) on lastDay + restatementDays;
 * the sync that read it last restated is one whose window still held it, i.e. that read through
 * lastDay + restatementDays − 1 or later.
 */
export function notFinalReasons(
  month: string,
  today: CalendarDay,
  restatementDays: number,
  connectors: readonly ConnectorState[],
): NotFinalReason[] {
  const { last } = monthDays(month);
  const days = Math.max(1, restatementDays);
  const reasons: NotFinalReason[] = [];
  const finalFrom = addDaysTo(last, days);
  if (today < finalFrom) reasons.push({ code: 'PROVISIONAL', lastDay: last, finalFrom });
  const needed = addDaysTo(last, days - 1);
  for (const c of connectors) {
    if (c.status !== 'OK')
      reasons.push({ code: 'CONNECTOR_NOT_OK', connectorId: c.id, connector: c.name, status: c.status });
    const synced = c.lastSyncedTo ?? null;
    if (synced === null || synced < needed)
      reasons.push({ code: 'SYNC_BEHIND', connectorId: c.id, connector: c.name, lastSyncedTo: synced, needed });
  }
  return reasons;
}

/**
 * The days of the month inside a flight that a linked ad account's data does not cover, per ad
 * account. An ad account never synced is SYNC_BEHIND's (it says so); one whose data starts late (a
 * backfill that did not reach the flight) or was not known to start anywhere (synced before the
 * start was recorded) names its days.
 */
export function missingDays(
  month: string,
  flights: readonly { start: CalendarDay; end: CalendarDay }[],
  coverage: readonly AdAccountCoverage[],
): NotFinalReason[] {
  const { first, last } = monthDays(month);
  const days: CalendarDay[] = [];
  for (let d = first; d <= last; d = addDaysTo(d, 1)) if (flights.some((f) => f.start <= d && d <= f.end)) days.push(d);
  const out: NotFinalReason[] = [];
  for (const c of coverage) {
    if (c.syncedTo === null) continue;
    const from = c.syncedFrom;
    const lacking = days.filter((d) => from === null || d < from || d > c.syncedTo!);
    if (!lacking.length) continue;
    out.push({
      code: 'MISSING_DAYS',
      connectorId: c.connectorId,
      connector: c.connector,
      externalAccountId: c.externalAccountId,
      days: lacking,
      beyondRetention: c.retainedFrom !== undefined && lacking[0] < c.retainedFrom,
    });
  }
  return out;
}

/** The statement of `input.month`. Throws RATE_NOT_FOUND when a day's rate is missing (never 1.0). */
export function billableStatement(input: BillableInput): BillableStatement {
  const { first, last } = monthDays(input.month);
  const fees = { imageSubmitFee: input.pricing.imageSubmitFee, videoSubmitFee: input.pricing.videoSubmitFee };
  const inMonth = (day: CalendarDay) => day >= first && day <= last;

  // The setup fee of each media mix goes with its earliest line's start.
  const versionStart = new Map<number, CalendarDay>();
  for (const l of input.lines) {
    const d = versionStart.get(l.mediaMixId);
    if (d === undefined || l.startDate < d) versionStart.set(l.mediaMixId, l.startDate);
  }
  const setupFeeVersionIds = [...versionStart]
    .filter(([, start]) => inMonth(start))
    .map(([id]) => id)
    .sort((a, b) => a - b);

  const lines: BillableLineAmounts[] = [];
  const foreign = new Set<string>();
  let gap: PlanRateGap | null = null;
  for (const l of [...input.lines].sort((a, b) => a.lineId - b.lineId)) {
    const rows = l.actuals.filter((r) => inMonth(r.Period));
    const creativesBilled = inMonth(l.startDate);
    if (!rows.length && !(creativesBilled && (l.imageCreatives > 0 || l.videoCreatives > 0))) continue;
    const at = spendAtRates(rows, input.currency, input.rates, l.planRate);
    const net = microsToMinor(at.dayRatesMicros);
    const amounts = lineAmounts(
      {
        budget: formatMinor(net),
        managementFeePct: l.managementFeePct,
        systemFeePct: l.systemFeePct,
        imageCreatives: creativesBilled ? l.imageCreatives : 0,
        videoCreatives: creativesBilled ? l.videoCreatives : 0,
      },
      fees,
    );
    at.foreignCurrencies.forEach((c) => foreign.add(c));
    gap ??= at.gap;
    lines.push({
      lineId: l.lineId,
      mediaMixId: l.mediaMixId,
      ...amounts,
      netAtPlanRate: at.planRateMicros === null ? null : microsToMinor(at.planRateMicros),
      fxGap: at.gap,
    });
  }

  const sum = (pick: (l: BillableLineAmounts) => Minor) => lines.reduce((acc, l) => acc + pick(l), 0);
  const setupFee = setupFeeVersionIds.length * toMinor(input.pricing.setupFee, 'setupFee');
  const subtotal = sum((l) => l.subtotal) + setupFee;
  const vat = input.applyVat ? percentOf(subtotal, parsePct(input.pricing.vatPct, 'vatPct'), 'subtotal') : 0;
  const net = sum((l) => l.net);
  const netAtPlanRate = gap ? null : sum((l) => l.netAtPlanRate ?? 0);
  const reasons = [
    ...notFinalReasons(input.month, input.today, input.restatementDays, input.connectors),
    ...missingDays(input.month, input.flights ?? [], input.coverage ?? []),
  ];
  return {
    accountId: input.accountId,
    month: input.month,
    currency: input.currency,
    lines,
    net,
    managementFee: sum((l) => l.managementFee),
    systemFee: sum((l) => l.systemFee),
    creativeFee: sum((l) => l.creativeFee),
    setupFee,
    setupFeeVersionIds: setupFeeVersionIds,
    subtotal,
    vat,
    total: subtotal + vat,
    fx: {
      netAtPlanRate,
      effect: netAtPlanRate === null ? null : net - netAtPlanRate,
      gap,
      foreignCurrencies: [...foreign].sort(),
    },
    canMarkFinal: reasons.length === 0,
    notFinalReasons: reasons,
  };
}
