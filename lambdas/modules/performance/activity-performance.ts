import { NotFoundError } from '../../core/errors';
import { getActivityPlan, getVersionWithLines } from '../media-plans';
import type { PlanLine, PlanVersion } from '../media-plans';
import type { UserProfile } from '../tenancy';
import { addDaysTo } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { ActivityPerformance, PerformanceLine } from './replies';
import { companySyncSettings, type CompanySyncSettings } from '../connectors';
import { fxEffectOf, rowsInCurrency, spendAtRates, type FxEffect } from './actuals-fx';
import { actualTotals, compareKpis, kpisOf, plannedKpiSet, type KpiTotals } from './kpis';
import { companyToday, fixedRateOf } from '../media-plans';
import { cachedConfiguration } from '../configurations';
import { checkVersionScope, loadActivityInScope, mainAccountOf } from '../media-plans';
import { readCache } from '../../core/read-cache';
import { performanceColumnsFor } from './custom-column-values';
import type { ActualDay } from './types';
import {
  feedingConnectors,
  paceVersion,
  pacingContextOf,
  readVersionActuals,
  type VersionActuals,
} from './version-actuals';
import { fxView, kpiView, money, pacingView, planFx, planPlannedKpis, statOf } from './performance-views';
import { seriesOf } from './performance-series';

/**
 * PerformanceService.GetActivityPerformance: one version of an activity's plan
 * against its actuals. Reads (all in parallel where they can be): the version's lines, the plan's
 * counter (which version is the latest approved), the configuration, each line's day rollups (one
 * Query per line read, PARALLEL at a time), the rates of the foreign currencies reported, and the
 * agent connectors feeding the account's links. The rules are the pure modules': pacing.ts,
 * kpis.ts, actuals-fx.ts (docs/pacing-and-billing.md); this module only gathers and shapes.
 *
 * Which lines' actuals (docs/pacing-and-billing.md "Activity performance"): a campaign's stats are
 * rolled up on the line it maps to, followed into the LATEST APPROVED version (modules/connectors/campaigns.ts).
 * So a version that is not the latest approved one reads, for each of its lines, the line itself
 * and its counterpart in every version up to the latest approved one (the copies it was made from,
 * or that were made from it, through SourceLineId); the reply names that version (ActualsAlsoFrom)
 * and each line the line ids it read (ActualLineIds). A stat is rolled up on one line only, so the
 * sums count nothing twice.
 */

export interface ActivityPerformanceInput {
  activityId: number;
  mediaMixId: number;
}

/** The version's lines in the order the page shows them: by start date, then id. */
const linesInOrder = (lines: readonly PlanLine[]) =>
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
 * Everything the page reads, once the caller may see the activity and the version: the version, the
 * main account, the configuration, the sync settings, the custom columns, the actuals and the
 * connectors feeding the account.
 */
async function readActivityPerformance(caller: UserProfile, scopeAccountId: number, input: ActivityPerformanceInput) {
  const companyId = caller.companyId;
  const versionP = getVersionWithLines(companyId, input.mediaMixId);
  const planP = getActivityPlan(companyId, input.activityId);
  const mainP = mainAccountOf(companyId, scopeAccountId);
  const configP = cachedConfiguration(companyId);
  // The line rollups are most of the time of this call: they are read as soon as the version, the
  // plan counter, the main account and the configuration are known, beside the activity's scope
  // check and the custom columns, not after them. Nothing read is used before every check has
  // passed; a call refused on the way leaves these reads to finish unseen (never unhandled).
  const actualsP = Promise.all([versionP, planP, mainP, configP]).then(([version, plan, main, config]) => {
    if (!version || version.header.ActivityId !== input.activityId) return null;
    const code = CURRENCY_CODES[version.header.Pricing?.Currency ?? main.Currency];
    return readVersionActuals(
      companyId,
      { header: version.header, lines: linesInOrder(version.lines) },
      plan?.ApprovedMixId ?? null,
      code,
      addDaysTo(companyToday(config), -1),
    );
  });
  const connectorsP = versionP.then((version) =>
    version ? feedingConnectors(companyId, version.header.AccountId) : [],
  );
  actualsP.catch(() => undefined);
  connectorsP.catch(() => undefined);
  const [activity, planVersion, , main, config, sync, columns] = await Promise.all([
    loadActivityInScope(caller, scopeAccountId, input.activityId),
    versionP,
    planP,
    mainP,
    configP,
    cachedSyncSettings(companyId),
    performanceColumnsFor(caller),
  ]);
  if (!planVersion || planVersion.header.ActivityId !== activity.ID) {
    throw new NotFoundError(
      `Media mix ${input.mediaMixId} was not found in activity ${input.activityId}`,
      'NOT_FOUND',
      { entity: 'MediaMix', id: input.mediaMixId },
    );
  }
  await checkVersionScope(caller, scopeAccountId, planVersion.header);
  const actuals = (await actualsP)!;
  const connectors = await connectorsP;
  return { activity, mix: planVersion, main, config, sync, columns, actuals, connectors };
}

type Columns = Awaited<ReturnType<typeof performanceColumnsFor>>;

/** Each line's figures: its rows in the plan's currency, KPIs (planned, to date, actual), FX effect and reply line. */
function lineFigures(
  lines: readonly PlanLine[],
  actuals: VersionActuals,
  paced: ReturnType<typeof paceVersion>,
  o: { code: string; header: PlanVersion; columns: Columns },
) {
  const { sources, rowsOf, rates } = actuals;
  const { code, columns } = o;
  // The plan's rate: this version's, fixed at its approval; else the latest approved version's (the plan in force).
  const planRate = fixedRateOf(o.header) ?? (sources.also ? fixedRateOf(sources.also) : null);
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
  return { converted, kpis, plannedSoFar, fx, outLines };
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
  const {
    activity,
    mix: version,
    main,
    config,
    sync,
    columns,
    actuals,
    connectors,
  } = await readActivityPerformance(caller, scopeAccountId, input);
  const today = companyToday(config);
  const restatementDays = sync.restatementDays;
  const provisionalFrom = addDaysTo(today, -(restatementDays - 1));
  // The plan's currency is its pricing's when approved (fixed), else the main account's.
  const currency = version.header.Pricing?.Currency ?? main.Currency;
  const code = CURRENCY_CODES[currency];
  const lines = linesInOrder(version.lines);
  const { sources, daily } = actuals;
  const paced = paceVersion(lines, daily, pacingContextOf(today, config, restatementDays, connectors));
  const { converted, kpis, plannedSoFar, fx, outLines } = lineFigures(lines, actuals, paced, {
    code,
    header: version.header,
    columns,
  });
  const { seriesLines, days } = seriesOf({
    lines,
    spend: daily.map((d) => new Map(d.map((s) => [s.day, s.spendMicros]))),
    paced: paced.lines,
    today,
    provisionalFrom,
  });
  const allRows = converted.flat();
  const planActual = kpisOf(actualTotals(allRows));
  const reply: ActivityPerformance = {
    AccountId: version.header.AccountId,
    ActivityId: activity.ID,
    ActivityName: activity.Name,
    MediaMixId: version.header.ID,
    Version: version.header.Version,
    VersionName: version.header.Name,
    VersionStatus: version.header.Status,
    ActualsAlsoFrom: sources.also
      ? { MediaMixId: sources.also.ID, Version: sources.also.Version, Status: sources.also.Status }
      : null,
    Currency: currency,
    CurrencyCode: code,
    Today: today,
    AsOf: addDaysTo(today, -1),
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
