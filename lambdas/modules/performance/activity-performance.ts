import { NotFoundError } from '../../core/errors';
import type { Account } from '../tenancy';
import { listAgentConnectors, listExternalLinks, type AgentConnector, type ExternalLink } from '../connectors';
import { readLineRollup, type RollupRow } from '../performance-data';
import { getMixPlan, getMixWithLines, listMixHeadersOfActivity } from '../../repositories/media-mix-reads';
import type { MediaChannel, MediaMix } from '../../repositories/media-mix-types';
import type { UserProfile } from '../tenancy';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/media-mix-status';
import { minorToNumber, plannedToDateOf, type Minor } from '../../shared/money';
import type {
  ActivityPerformance,
  FeedingConnector,
  FxEffectView,
  KpiSetView,
  PacingView,
  PerformanceDay,
  PerformanceLine,
  PerformanceSeriesLine,
} from './replies';
import { companySyncSettings, type CompanySyncSettings } from '../connectors';
import { inParallel } from '../../core/in-parallel';
import { rateBookFor } from './actual-rates';
import {
  dailySpendIn,
  fxEffectOf,
  microsToMinor,
  RateBook,
  rowsInCurrency,
  spendAtRates,
  type FxEffect,
} from './actuals-fx';
import { actualTotals, compareKpis, kpisOf, plannedKpiSet, type KpiSet, type KpiTotals } from './kpis';
import { companyToday, fixedRateOf } from '../../domain/media-mix-figures';
import { cachedConfiguration } from '../configurations';
import { placementsOf } from '../tenancy';
import { checkMixScope, loadActivityInScope, mainAccountOf } from '../../domain/media-mix-scope';
import { planPacing, type Pacing, type PacingContext } from './pacing';
import { readCache } from '../../core/read-cache';
import { performanceColumnsFor } from './custom-column-values';
import type { ActualDay, ConnectorState } from './types';
import type { PerformanceStat } from '../../shared/formula';

/**
 * PerformanceService.GetActivityPerformance: one version of an activity's plan
 * against its actuals. Reads (all in parallel where they can be): the version's lines, the plan's
 * counter (which version is the latest approved), the configuration, each line's day rollups (one
 * Query per line read, PARALLEL at a time), the rates of the foreign currencies reported, and the
 * agent connectors feeding the account's links. The rules are the pure modules': pacing.ts,
 * kpis.ts, actuals-fx.ts (docs/pacing-and-billing.md); this module only gathers and shapes.
 *
 * Which lines' actuals (docs/pacing-and-billing.md "Activity performance"): a campaign's stats are
 * rolled up on the line it maps to, followed into the LATEST APPROVED version (domain/campaigns.ts).
 * So a version that is not the latest approved one reads, for each of its lines, the line itself
 * and its counterpart in every version up to the latest approved one (the copies it was made from,
 * or that were made from it, through SourceLineId); the reply names that version (ActualsAlsoFrom)
 * and each line the line ids it read (ActualLineIds). A stat is rolled up on one line only, so the
 * sums count nothing twice.
 */

/** Rollup Queries in flight at once. */
const PARALLEL = 16;
/** Series of the daily spend chart: the lines with the most spend, the rest summed as one. */
const SERIES_LINES = 8;
const FIRST_DAY = '0000-01-01';

interface LineSources {
  /** Per line of the version asked: the line ids whose rollups are its actuals (itself first). */
  byLine: Map<number, number[]>;
  also: MediaMix | null;
}

/**
 * The lines whose rollups are each line's actuals: itself, and when the latest approved version is
 * another one, its chain of copies (SourceLineId) through every version between the two.
 */
async function actualSources(
  companyId: number,
  mix: { header: MediaMix; lines: MediaChannel[] },
  approvedMixId: number | null,
): Promise<LineSources> {
  const byLine = new Map(mix.lines.map((l) => [l.ID, [l.ID]]));
  if (approvedMixId === null || approvedMixId === mix.header.ID) return { byLine, also: null };
  const headers = await listMixHeadersOfActivity(companyId, mix.header.ActivityId);
  const approved = headers.find((h) => h.ID === approvedMixId);
  if (!approved) return { byLine, also: null };
  const [lo, hi] = [Math.min(approved.Version, mix.header.Version), Math.max(approved.Version, mix.header.Version)];
  const between = headers.filter((h) => h.Version >= lo && h.Version <= hi && h.ID !== mix.header.ID);
  const others = (await inParallel(between, (h) => getMixWithLines(companyId, h.ID), PARALLEL)).flatMap(
    (m) => m?.lines ?? [],
  );
  const all = new Map<number, MediaChannel>([...others, ...mix.lines].map((l) => [l.ID, l]));
  const own = new Set(mix.lines.map((l) => l.ID));
  // Each line of the other versions walks its sources back; the first line of the asked version it
  // meets (as a source, or being a source of) is the one it belongs to.
  if (approved.Version > mix.header.Version) {
    for (const l of others) {
      let cur: MediaChannel | undefined = l;
      for (let hops = 0; cur && hops < 1000; hops++) {
        if (own.has(cur.ID)) {
          byLine.get(cur.ID)!.push(l.ID);
          break;
        }
        cur = cur.SourceLineId ? all.get(cur.SourceLineId) : undefined;
      }
    }
  } else {
    for (const l of mix.lines) {
      let cur = l.SourceLineId ? all.get(l.SourceLineId) : undefined;
      for (let hops = 0; cur && hops < 1000; hops++) {
        byLine.get(l.ID)!.push(cur.ID);
        cur = cur.SourceLineId ? all.get(cur.SourceLineId) : undefined;
      }
    }
  }
  return { byLine, also: approved };
}

/**
 * The agent connectors linked (through account connectors) to the main account or one of its
 * sub-accounts, from the company's links, agents and the links' accounts read once (the pacing
 * alerts read them once for every activity).
 */
export function connectorsFeeding(
  links: readonly ExternalLink[],
  agents: readonly AgentConnector[],
  accounts: readonly Pick<Account, 'ID' | 'ParentId'>[],
  mainAccountId: number,
): FeedingConnector[] {
  const family = new Set(
    accounts.filter((a) => a.ID === mainAccountId || a.ParentId === mainAccountId).map((a) => a.ID),
  );
  const agentIds = new Set(links.filter((l) => family.has(l.AccountId)).map((l) => l.AgentConnectorId));
  return agents
    .filter((a) => agentIds.has(a.ID) && !a.Archived)
    .sort((a, b) => a.ID - b.ID)
    .map((a) => ({ ID: a.ID, Name: a.Name, Status: a.Status, LastSyncAt: a.LastSyncAt, LastError: a.LastError }));
}

/** The agent connectors linked (through account connectors) to the main account or one of its sub-accounts. */
async function feedingConnectors(companyId: number, mainAccountId: number): Promise<FeedingConnector[]> {
  const [links, agents] = await Promise.all([listExternalLinks(companyId), listAgentConnectors(companyId)]);
  const accountIds = [...new Set(links.map((l) => l.AccountId))];
  const accounts = accountIds.length ? await placementsOf(companyId, accountIds) : [];
  return connectorsFeeding(links, agents, accounts, mainAccountId);
}

const money = (m: Minor) => minorToNumber(m);

export function pacingView(p: Pacing): PacingView {
  return {
    Phase: p.phase,
    PlannedBudget: money(p.plannedBudget),
    PlannedToDate: money(p.plannedToDate),
    ActualToDate: money(p.actualToDate),
    PacingPct: p.pacingPct,
    PacingNullReason: p.pacingNullReason,
    Status: p.status,
    Alert: p.alert,
    DaysLeft: p.daysLeft,
    AverageDailySpend: money(p.averageDailySpend),
    ProjectedEndSpend: money(p.projectedEndSpend),
    AmountLeft: money(p.amountLeft),
    DailySpendNeeded: p.dailySpendNeeded === null ? null : money(p.dailySpendNeeded),
    Basis: {
      ElapsedDays: p.basis.elapsedDays,
      DaysOfData: p.basis.daysOfData,
      ProvisionalDays: p.basis.provisionalDays,
      ProvisionalSharePct: p.basis.provisionalSharePct,
      ConnectorHealth: p.basis.connectorHealth,
      UnhealthyConnectors: p.basis.unhealthyConnectors,
      Notes: p.basis.notes,
      MissingDays: p.basis.missingDays,
    },
  };
}

const kpiView = (k: KpiSet): KpiSetView => ({
  Impressions: k.impressions,
  Clicks: k.clicks,
  Conversions: k.conversions,
  Spend: k.spend,
  Ctr: k.ctr,
  Cpc: k.cpc,
  Cpm: k.cpm,
  Cpa: k.cpa,
  Cvr: k.cvr,
  Roas: k.roas,
});

const fxView = (f: FxEffect): FxEffectView => ({
  AtDayRates: money(f.atDayRates),
  AtPlanRate: f.atPlanRate === null ? null : money(f.atPlanRate),
  Effect: f.effect === null ? null : money(f.effect),
  Gap: f.gap,
  ForeignCurrencies: f.foreignCurrencies,
});

/**
 * The plan's planned KPIs (for the flight, or to date): a count only when every line plans it (a plan
 * of CPM and CPC lines plans neither as a whole), `budgetMinor` (the budget, or the planned spend to
 * date) as spend.
 */
function planPlannedKpis(budgetMinor: number, planned: readonly KpiSet[]): KpiSet {
  const sumIfAll = (f: (k: KpiSet) => number | null) =>
    planned.length && planned.every((k) => f(k) !== null) ? planned.reduce((s, k) => s + f(k)!, 0) : null;
  const conversions = sumIfAll((k) => k.conversions);
  return kpisOf({
    impressions: sumIfAll((k) => k.impressions),
    clicks: sumIfAll((k) => k.clicks),
    conversionsMilli: conversions === null ? null : Math.round(conversions * 1000),
    spendMicros: budgetMinor * 10_000,
    conversionValueMicros: null,
  });
}

/** The figures a custom column sees: the actual KPIs as shown, the conversion value and video views of the same rows. */
function statOf(actual: KpiSet, rows: readonly ActualDay[]): PerformanceStat {
  let valueMicros = 0;
  let videoViews = 0;
  for (const r of rows) {
    valueMicros += r.ConversionValueMicros;
    videoViews += r.VideoViews;
  }
  return {
    impressions: actual.impressions ?? 0,
    clicks: actual.clicks ?? 0,
    spend: actual.spend,
    conversions: actual.conversions ?? 0,
    conversionValue: microsToMinor(valueMicros) / 100,
    videoViews,
  };
}

/** The plan's FX effect: the sums of its lines' rounded figures (so the plan row is the sum of the rows above it). */
function planFx(lines: readonly FxEffect[]): FxEffect {
  const atDayRates = lines.reduce((s, f) => s + f.atDayRates, 0);
  const gap = lines.find((f) => f.gap)?.gap ?? null;
  const atPlanRate = gap ? null : lines.reduce((s, f) => s + (f.atPlanRate ?? 0), 0);
  return {
    atDayRates,
    atPlanRate,
    effect: atPlanRate === null ? null : atDayRates - atPlanRate,
    gap,
    foreignCurrencies: [...new Set(lines.flatMap((f) => f.foreignCurrencies))].sort(),
  };
}

/** A day's number (days since 1970-01-01), for differences without a Date per day. */
const dayNo = (d: CalendarDay) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

const daysBetween = (from: CalendarDay, to: CalendarDay): CalendarDay[] => {
  const out: CalendarDay[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) out.push(d);
  return out;
};

interface SeriesInput {
  lines: readonly MediaChannel[];
  /** Per line (same order): each day's spend in the plan currency, micros. */
  spend: readonly Map<CalendarDay, number>[];
  paced: readonly Pacing[];
  today: CalendarDay;
  provisionalFrom: CalendarDay;
}

/**
 * The plan's days, first start to last end: the daily spend of the biggest lines (the rest summed),
 * the cumulative planned (plannedToDate of each line as of the day) and actual (each line's micros
 * to date rounded once, so the last actual point is the plan's actual to date), and the projection
 * from yesterday to the end: each line's actual + (its projected end − actual) × its days left
 * passed ÷ its days left, rounded once, so the last point is the plan's projected end spend.
 */
function seriesOf(s: SeriesInput): { seriesLines: PerformanceSeriesLine[]; days: PerformanceDay[] } {
  if (!s.lines.length) return { seriesLines: [], days: [] };
  const start = s.lines.reduce((d, l) => (l.StartDate < d ? l.StartDate : d), s.lines[0].StartDate);
  const end = s.lines.reduce((d, l) => (l.EndDate > d ? l.EndDate : d), s.lines[0].EndDate);
  const asOf = addDaysTo(s.today, -1);
  const ranked = s.lines
    .map((l, i) => ({ i, actual: s.paced[i].actualToDate }))
    .sort((a, b) => b.actual - a.actual || s.lines[a.i].ID - s.lines[b.i].ID);
  const shown = ranked.slice(0, ranked.length > SERIES_LINES ? SERIES_LINES - 1 : SERIES_LINES).map((r) => r.i);
  const slot = new Map(shown.map((lineIndex, k) => [lineIndex, k]));
  const seriesLines: PerformanceSeriesLine[] = shown.map((i) => ({ LineId: s.lines[i].ID, Name: s.lines[i].Name }));
  const restSlot = shown.length < s.lines.length ? seriesLines.push({ LineId: null, Name: '' }) - 1 : -1;

  // Micros spent before the series' first day count in the cumulative actual (spend before a start is spend all the same).
  const cumulative = s.spend.map((byDay) => [...byDay].reduce((sum, [d, m]) => (d < start ? sum + m : sum), 0));
  // Each line's planned to date by day, its monthly plan built once (not once per line per day).
  const plannedOf = s.lines.map((l) =>
    plannedToDateOf({ budget: l.Budget, startDate: l.StartDate, endDate: l.EndDate, monthlySplit: l.MonthlySplit }),
  );
  // Each line's days left start today, or at its start; they end at its end date (as day numbers).
  const fromNo = s.lines.map((l) => dayNo(s.today > l.StartDate ? s.today : l.StartDate));
  const endNo = s.lines.map((l) => dayNo(l.EndDate));
  const days: PerformanceDay[] = [];
  for (const day of daysBetween(start, end)) {
    const dayNumber = dayNo(day);
    const complete = day <= asOf;
    const byLine = complete ? new Array<number>(seriesLines.length).fill(0) : [];
    let spendMinor = 0;
    let actual = 0;
    let planned = 0;
    let projection = 0;
    s.lines.forEach((l, i) => {
      // 0 before the start, the whole budget from the end date on: plannedToDate only in between.
      if (day >= l.EndDate) planned += l.BudgetMinor;
      else if (day >= l.StartDate) planned += plannedOf[i](dayNumber);
      if (complete) {
        const micros = s.spend[i].get(day) ?? 0;
        cumulative[i] += micros;
        const m = microsToMinor(micros);
        spendMinor += m;
        byLine[slot.get(i) ?? restSlot] += m;
        actual += microsToMinor(cumulative[i]);
      }
      const p = s.paced[i];
      // Days of the line's days left (from today, or its start) up to `day`.
      const to = dayNumber < endNo[i] ? dayNumber : endNo[i];
      const passed = to < fromNo[i] ? 0 : to - fromNo[i] + 1;
      projection +=
        p.daysLeft === 0 || passed === 0
          ? p.actualToDate
          : p.actualToDate + Math.round(((p.projectedEndSpend - p.actualToDate) * passed) / p.daysLeft);
    });
    days.push({
      Day: day,
      Provisional: complete && day >= s.provisionalFrom,
      Spend: complete ? money(spendMinor) : null,
      ByLine: byLine.map(money),
      CumulativePlanned: money(planned),
      CumulativeActual: complete ? money(actual) : null,
      Projection: day >= asOf && s.today <= end ? money(projection) : null,
    });
  }
  return { seriesLines, days };
}

/** A version's actuals as its pacing needs them (lines in the order given). */
export interface MixActuals {
  sources: LineSources;
  /** Per line: its rollup rows (its own and its copies' in the versions up to the latest approved). */
  rowsOf: RollupRow[][];
  rates: RateBook;
  /** Per line: each day's spend in the plan currency. */
  daily: ReturnType<typeof dailySpendIn>[];
}

/**
 * The actuals of a version's lines through `asOf`: which lines' rollups are each line's, those
 * rollups (PARALLEL Queries at a time), the rates their foreign currencies need, and each line's
 * daily spend in the plan currency `code`. Shared by the activity performance page and the pacing
 * alerts (pacing-alerts.ts), so both pace the same figures.
 */
export async function readMixActuals(
  companyId: number,
  mix: { header: MediaMix; lines: MediaChannel[] },
  approvedMixId: number | null,
  code: string,
  asOf: CalendarDay,
): Promise<MixActuals> {
  const sources = await actualSources(companyId, mix, approvedMixId);
  const readIds = [...new Set([...sources.byLine.values()].flat())];
  const rollups = new Map<number, RollupRow[]>(
    await inParallel(
      readIds,
      async (id) => [id, await readLineRollup(companyId, id, FIRST_DAY, asOf)] as const,
      PARALLEL,
    ),
  );
  const rowsOf = mix.lines.map((l) => sources.byLine.get(l.ID)!.flatMap((id) => rollups.get(id) ?? []));
  const rates = await rateBookFor(companyId, rowsOf.flat(), code);
  return { sources, rowsOf, rates, daily: rowsOf.map((rows) => dailySpendIn(rows, code, rates)) };
}

/** The pacing rules of the company's configuration and sync settings, with the connectors feeding the plan. */
export function pacingContextOf(
  today: CalendarDay,
  config: { PacingLow: number; PacingHigh: number },
  restatementDays: number,
  connectors: readonly FeedingConnector[],
): PacingContext {
  const states: ConnectorState[] = connectors.map((c) => ({ id: c.ID, name: c.Name, status: c.Status }));
  return {
    today,
    rules: { pacingLow: config.PacingLow, pacingHigh: config.PacingHigh, restatementDays },
    connectors: states,
  };
}

/** Each line's and the plan's pacing (pacing.ts) from the lines and their daily spend. */
export const paceMix = (lines: readonly MediaChannel[], daily: MixActuals['daily'], ctx: PacingContext) =>
  planPacing(
    lines.map((l, i) => ({
      lineId: l.ID,
      budget: l.Budget,
      startDate: l.StartDate,
      endDate: l.EndDate,
      monthlySplit: l.MonthlySplit,
      spend: daily[i],
    })),
    ctx,
  );

export interface ActivityPerformanceInput {
  activityId: number;
  mediaMixId: number;
}

/** The version's lines in the order the page shows them: by start date, then id. */
const linesInOrder = (lines: readonly MediaChannel[]) =>
  [...lines].sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.ID - b.ID);

/** The sync settings (restatement window) under the read cache's policy: at most 30 s old, like the configuration. */
const syncSettingsCache = readCache<CompanySyncSettings>();
export const cachedSyncSettings = (companyId: number) =>
  syncSettingsCache.get(String(companyId), () => companySyncSettings(companyId));

export async function activityPerformanceFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: ActivityPerformanceInput,
): Promise<ActivityPerformance> {
  return (await activityPerformanceWithRows(caller, scopeAccountId, input)).reply;
}

/**
 * The activity performance reply AND the day rows it summed, per line in the reply's order, already in
 * the plan's currency (rowsInCurrency, the same rate book): the AI analysis compares windows of days
 * from them (analysis-facts.ts periodComparison) without reading the rollups a second time.
 */
export async function activityPerformanceWithRows(
  caller: UserProfile,
  scopeAccountId: number,
  input: ActivityPerformanceInput,
): Promise<{ reply: ActivityPerformance; rows: readonly (readonly ActualDay[])[] }> {
  const companyId = caller.companyId;
  const mixP = getMixWithLines(companyId, input.mediaMixId);
  const planP = getMixPlan(companyId, input.activityId);
  const mainP = mainAccountOf(companyId, scopeAccountId);
  const configP = cachedConfiguration(companyId);
  // The line rollups are most of the time of this call: they are read as soon as the version, the
  // plan counter, the main account and the configuration are known, beside the activity's scope
  // check and the custom columns, not after them. Nothing read is used before every check has
  // passed; a call refused on the way leaves these reads to finish unseen (never unhandled).
  const actualsP = Promise.all([mixP, planP, mainP, configP]).then(([mix, plan, main, config]) => {
    if (!mix || mix.header.ActivityId !== input.activityId) return null;
    const code = CURRENCY_CODES[mix.header.Pricing?.Currency ?? main.Currency];
    return readMixActuals(
      companyId,
      { header: mix.header, lines: linesInOrder(mix.lines) },
      plan?.ApprovedMixId ?? null,
      code,
      addDaysTo(companyToday(config), -1),
    );
  });
  const connectorsP = mixP.then((mix) => (mix ? feedingConnectors(companyId, mix.header.AccountId) : []));
  actualsP.catch(() => undefined);
  connectorsP.catch(() => undefined);
  const [activity, mix, , main, config, sync, columns] = await Promise.all([
    loadActivityInScope(caller, scopeAccountId, input.activityId),
    mixP,
    planP,
    mainP,
    configP,
    cachedSyncSettings(companyId),
    performanceColumnsFor(caller),
  ]);
  if (!mix || mix.header.ActivityId !== activity.ID) {
    throw new NotFoundError(
      `Media mix ${input.mediaMixId} was not found in activity ${input.activityId}`,
      'NOT_FOUND',
      { entity: 'MediaMix', id: input.mediaMixId },
    );
  }
  await checkMixScope(caller, scopeAccountId, mix.header);

  const today = companyToday(config);
  const asOf = addDaysTo(today, -1);
  const restatementDays = sync.restatementDays;
  const provisionalFrom = addDaysTo(today, -(restatementDays - 1));
  // The plan's currency is its pricing's when approved (fixed), else the main account's.
  const currency = mix.header.Pricing?.Currency ?? main.Currency;
  const code = CURRENCY_CODES[currency];
  const lines = linesInOrder(mix.lines);

  const actuals = (await actualsP)!;
  const { sources, rowsOf, rates, daily } = actuals;
  // The plan's rate: this version's, fixed at its approval; else the latest approved version's (the plan in force).
  const planRate = fixedRateOf(mix.header) ?? (sources.also ? fixedRateOf(sources.also) : null);

  const connectors = await connectorsP;
  const paced = paceMix(lines, daily, pacingContextOf(today, config, restatementDays, connectors));

  const converted = rowsOf.map((rows) => rowsInCurrency(rows, code, rates));
  const actualKpiTotals: KpiTotals[] = converted.map((rows) => actualTotals(rows));
  const kpis = lines.map((l, i) =>
    compareKpis({ buyType: l.BuyType, budget: l.Budget, unitCost: l.UnitCost }, actualKpiTotals[i]),
  );
  // Planned to date: the unit the buy type plans for the planned spend to date, at the line's unit cost.
  const plannedSoFar = lines.map((l, i) =>
    plannedKpiSet({ buyType: l.BuyType, budget: money(paced.lines[i].plannedToDate), unitCost: l.UnitCost }),
  );
  const fx = rowsOf.map((rows): FxEffect => fxEffectOf(spendAtRates(rows, code, rates, planRate)));

  const { seriesLines, days } = seriesOf({
    lines,
    spend: daily.map((d) => new Map(d.map((s) => [s.day, s.spendMicros]))),
    paced: paced.lines,
    today,
    provisionalFrom,
  });

  const outLines: PerformanceLine[] = lines.map((l, i) => ({
    LineId: l.ID,
    Name: l.Name,
    ChannelTypeName: l.ChannelTypeName,
    BuyType: l.BuyType,
    StartDate: l.StartDate,
    EndDate: l.EndDate,
    ActualLineIds: sources.byLine.get(l.ID)!,
    Pacing: pacingView(paced.lines[i]),
    Kpis: {
      Planned: kpiView(kpis[i].planned),
      PlannedToDate: kpiView(plannedSoFar[i]),
      Actual: kpiView(kpis[i].actual),
    },
    Fx: fxView(fx[i]),
    Custom: columns.valuesOf(statOf(kpis[i].actual, converted[i])),
  }));
  const allRows = converted.flat();
  const planActual = kpisOf(actualTotals(allRows));
  const reply: ActivityPerformance = {
    AccountId: mix.header.AccountId,
    ActivityId: activity.ID,
    ActivityName: activity.Name,
    MediaMixId: mix.header.ID,
    Version: mix.header.Version,
    VersionName: mix.header.Name,
    VersionStatus: mix.header.Status,
    ActualsAlsoFrom: sources.also
      ? { MediaMixId: sources.also.ID, Version: sources.also.Version, Status: sources.also.Status }
      : null,
    Currency: currency,
    CurrencyCode: code,
    Today: today,
    AsOf: asOf,
    ProvisionalFrom: provisionalFrom,
    RestatementDays: restatementDays,
    PacingLow: config.PacingLow,
    PacingHigh: config.PacingHigh,
    StartDate: days[0]?.Day ?? null,
    EndDate: days[days.length - 1]?.Day ?? null,
    Pacing: pacingView(paced.plan),
    Kpis: {
      Planned: kpiView(
        planPlannedKpis(
          lines.reduce((s, l) => s + l.BudgetMinor, 0),
          kpis.map((k) => k.planned),
        ),
      ),
      PlannedToDate: kpiView(planPlannedKpis(paced.plan.plannedToDate, plannedSoFar)),
      Actual: kpiView(planActual),
    },
    Fx: fxView(planFx(fx)),
    Custom: columns.valuesOf(statOf(planActual, allRows)),
    Lines: outLines,
    SeriesLines: seriesLines,
    Days: days,
    Connectors: connectors,
    CustomColumns: columns.heads,
  };
  return { reply, rows: converted };
}
