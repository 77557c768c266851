import { NotFoundError } from '../../core/errors';
import type { Account } from '../tenancy';
import type { Activity } from '../activities';
import type { PlanVersion, MixPricing, PlanReads } from './store';
import { planStore } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import { CURRENCY_CODES, VersionStatus, otherCurrency } from '../../shared/version-status';
import { minorToNumber } from '../../shared/money';
import { isClientOnly } from '../../shared/permissions';
import { cachedConfiguration, type CompanyConfiguration } from '../configurations';
import {
  cachedPlanRate,
  convertTotals,
  fixedRateOf,
  inRange,
  kpisView,
  lineAmountsView,
  missingRate,
  missingRateMessage,
  companyToday,
  totalsInRange,
  totalsOfAggregates,
  totalsOfLines,
  totalsView,
  type OutOfRange,
  type PlanRate,
} from './figures';
import type { ActorNames, VersionInfo, VersionList } from './replies/plans';
import { nameIn, userNames } from '../users';
import { checkVersionScope, lineView, loadActivityInScope, mainAccountOf, versionView } from './scope';

/**
 * Reading a plan: its versions (GetMediaMixList) and one version with its lines, amounts, KPIs and
 * converted totals (GetMediaMixInfo), priced with today's pricing unless the version was approved.
 */

/** Today's pricing: the company configuration and the main account's VAT flag and currency. */
export function currentPricing(main: Account, config: CompanyConfiguration): MixPricing {
  return {
    VatPct: config.VatPct,
    ImageSubmitFee: config.ImageSubmitFee,
    VideoSubmitFee: config.VideoSubmitFee,
    SetupFee: config.SetupFee,
    ApplyVat: main.ApplyVat,
    Currency: main.Currency,
  };
}

/** Who acted on a version, by name (modules/users/people.ts). */
function actorNames(h: PlanVersion, people: ReadonlyMap<string, string>): ActorNames {
  const name = nameIn(people);
  return {
    SubmittedByName: name(h.SubmittedBy),
    ApprovedByName: name(h.ApprovedBy),
    RejectedByName: name(h.RejectedBy),
    ClientApprovedByName: name(h.ClientApprovedBy),
    ClientDeclinedByName: name(h.ClientDeclinedBy),
    OverBudgetConfirmedByName: name(h.OverBudgetConfirmed?.By),
  };
}

/** An Approved version keeps the pricing of its approval; any other version uses today's. */
export const pricingOf = (m: PlanVersion, current: MixPricing): { pricing: MixPricing; fixed: boolean } =>
  m.Status === VersionStatus.Approved && m.Pricing
    ? { pricing: m.Pricing, fixed: true }
    : { pricing: current, fixed: false };

/** GetMediaMixList: the versions of an activity's plan, newest first (client-only users: Approved ones). */
export async function listVersions(
  caller: UserProfile,
  scopeAccountId: number,
  activityId: number,
  store: PlanReads = planStore,
): Promise<VersionList> {
  const companyId = caller.companyId;
  const [, headers, main, config, people] = await Promise.all([
    loadActivityInScope(caller, scopeAccountId, activityId, false, store),
    store.versions(companyId, activityId),
    mainAccountOf(companyId, scopeAccountId, false, store),
    cachedConfiguration(companyId),
    userNames(companyId),
  ]);
  const current = currentPricing(main, config);
  const clientOnly = isClientOnly(caller.permissions);
  const shown = headers.filter((h) => !clientOnly || h.Status === VersionStatus.Approved);
  // A Draft's lines change in one write that does not touch its header (lines.ts): its
  // totals are summed from its lines (one Query; one Draft per activity at most).
  const draftLines = new Map(
    await Promise.all(
      shown
        .filter((h) => h.Status === VersionStatus.Draft)
        .map(async (h) => [h.ID, (await store.versionWithLines(companyId, h.ID))?.lines ?? []] as const),
    ),
  );
  const items = shown
    .sort((a, b) => b.Version - a.Version)
    .map((h) => {
      const { pricing } = pricingOf(h, current);
      const lines = draftLines.get(h.ID);
      // Figures stored before the money limits may be out of range: null, named in OutOfRange (never a 500).
      const out: OutOfRange = [];
      const t = totalsInRange(out, () => (lines ? totalsOfLines(lines, pricing) : totalsOfAggregates(h, pricing)));
      return {
        ...versionView(h),
        ...actorNames(h, people),
        Currency: pricing.Currency,
        Net: t && minorToNumber(t.net),
        Total: t && minorToNumber(t.total),
        OutOfRange: out,
      };
    });
  return { ActivityId: activityId, Items: items };
}

/**
 * GetMediaMixInfo: the version with its lines, line amounts and KPIs, and the totals in account
 * currency and converted. Latency: ONE Query reads the header and every line; the account, the
 * configuration and today's rate are read in parallel with it (the rate is asked as soon as the
 * account's currency is known, and ignored when the version is Approved and has its own); the
 * configuration and the rate come from a 30-second read cache (read-cache.ts) when warm.
 */
export async function getVersionInfo(
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  store: PlanReads = planStore,
  /** Its activity, when the caller has read it already. */
  known?: Activity,
): Promise<VersionInfo> {
  const companyId = caller.companyId;
  const mainP = mainAccountOf(companyId, scopeAccountId, false, store);
  const configP = cachedConfiguration(companyId);
  // Today is the company's day (its TimeZone), so the rate asked for is that day's.
  const rateP = Promise.all([mainP, configP])
    .then(([main, c]) => cachedPlanRate(companyId, main.Currency, companyToday(c)))
    .then(
      (r) => ({ r }),
      (error: unknown) => ({ error }),
    );
  const [version, main, config, people] = await Promise.all([
    store.versionWithLines(companyId, versionId),
    mainP,
    configP,
    userNames(companyId),
  ]);
  if (!version)
    throw new NotFoundError(`Media mix ${versionId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: versionId });
  const { header, lines } = version;
  await checkVersionScope(caller, scopeAccountId, header, store, known);

  const { pricing, fixed } = pricingOf(header, currentPricing(main, config));
  // Reading never fails on the version's own figures: one out of range is null and named in OutOfRange.
  const out: OutOfRange = [];
  const totals = totalsInRange(out, () => totalsOfLines(lines, pricing));
  let rate: PlanRate | null;
  let rateFixed = false;
  if (header.Status === VersionStatus.Approved) {
    rate = fixedRateOf(header);
    rateFixed = rate !== null;
  } else {
    const got = await rateP;
    if ('error' in got) throw got.error;
    rate = got.r;
  }
  const other = otherCurrency(pricing.Currency);
  const converted =
    rate && totals ? inRange(out, 'ConvertedTotals', () => convertTotals(totals, rate, pricing.Currency)) : null;
  return {
    ...versionView(header),
    ...actorNames(header, people),
    Currency: pricing.Currency,
    CurrencyCode: CURRENCY_CODES[pricing.Currency],
    ApplyVat: pricing.ApplyVat,
    Pricing: { ...pricing, Fixed: fixed },
    Lines: lines.map((l, i) => ({
      ...lineView(l),
      Amounts: totals ? lineAmountsView(totals.lines[i]) : null,
      Kpis: kpisView(l, out, `Lines[${i}].Kpis`),
    })),
    Totals: totals && totalsView(totals),
    ConvertedCurrency: other,
    ConvertedCurrencyCode: CURRENCY_CODES[other],
    ExchangeRateUsed: rate,
    RateFixed: rateFixed,
    ConvertedTotals: converted,
    ConvertedTotal: converted ? converted.Total : null,
    RateMissing: rate ? null : missingRateMessage(pricing.Currency, companyToday(config)),
    RateMissingOn: rate ? null : missingRate(pricing.Currency, companyToday(config)),
    OutOfRange: out,
  };
}

/**
 * GetMediaMixInfo of an activity: its newest version the caller may see (client-only users: the
 * newest Approved one), the one GetMediaMixList lists first. The editor asks for it beside the list
 * instead of after it; a plan without such a version is 404.
 */
export async function getNewestVersionInfo(
  caller: UserProfile,
  scopeAccountId: number,
  activityId: number,
  store: PlanReads = planStore,
): Promise<VersionInfo> {
  const [activity, headers] = await Promise.all([
    loadActivityInScope(caller, scopeAccountId, activityId, false, store),
    store.versions(caller.companyId, activityId),
  ]);
  const clientOnly = isClientOnly(caller.permissions);
  const newest = headers
    .filter((h) => !clientOnly || h.Status === VersionStatus.Approved)
    .reduce<PlanVersion | undefined>((a, h) => (a && a.Version > h.Version ? a : h), undefined);
  if (!newest)
    throw new NotFoundError(`Activity ${activityId} has no plan version to show`, 'NOT_FOUND', {
      entity: 'MediaMix',
      id: '',
    });
  return getVersionInfo(caller, scopeAccountId, newest.ID, store, activity);
}
