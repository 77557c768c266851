import type { output } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, STALE_VERSION_MESSAGE, staleVersion, ValidationError } from '../kit/errors';
import { getAccount, type Account } from '../repositories/accounts';
import { getActivity, type Activity } from '../repositories/activities';
import { nextId } from '../repositories/counters';
import {
  activityGuard, audit, getMixHeader, getMixPlan, getMixWithLines, headerItem, listMixHeadersOfActivity, planItems, putFromVersion, putNew,
  writeLinesWithCommit, MEDIA_MIX_ENTITY, type MediaChannel, type MediaMix, type MixPricing,
} from '../repositories/media-mixes';
import { lockPlanLines } from '../repositories/plan-line-writes';
import type { UserProfile } from '../repositories/profiles';
import { transactWrite, type NamedWrite } from '../repositories/transaction';
import { nextIds } from '../repositories/write-helpers';
import type { clientDecline, mediaMixTransition, rejectMediaMix, saveMediaMix } from '../schemas/media-mixes';
import {
  ACTION_FROM, CURRENCY_CODES, illegalTransitionMessage, MEDIA_MIX_STATUS_NAMES, MediaMixStatus, otherCurrency, type MediaMixAction,
} from '../shared/media-mix-status';
import { minorToNumber } from '../shared/money';
import { isClientOnly } from '../shared/permissions';
import { getCompanyConfiguration, type CompanyConfiguration } from './configurations';
import { explainPlanAccounts, planAccountGuards } from './plan-accounts';
import { namedLines, strandedLines } from './plan-dates';
import {
  cachedConfiguration, cachedPlanRate, checkApprovable, checkPlanFigures, convertTotals, findPlanRate, fixedRateOf, inRange, kpisView, lineAmountsView, missingRateMessage,
  sumAggregates, companyToday, totalsInRange, totalsOfAggregates, totalsOfLines, totalsView, type OutOfRange, type PlanRate,
} from './media-mix-figures';
import type {
  MediaChannelView, MediaMixInfo, MediaMixLineView, MediaMixList, MediaMixListItem, MediaMixView,
} from '../shared/replies/media-mixes';

/**
 * MediaMixService: the versions of an activity's media plan and their approval lifecycle
 * (DOMAIN.md §2 Media mix, shared/media-mix-status.ts).
 *
 * Scope: every route is account-scoped. x-account-id is the page's main account (or the
 * sub-account the activity is booked on); a mix belongs to the page when its activity does. Another
 * account's mix id answers 403, another company's 404 (keys carry the caller's company).
 * Client-only users see Approved versions only: any other version answers 404 to them, as if it
 * did not exist (Draft and Submitted versions are invisible to clients, DOMAIN.md §2).
 *
 * Concurrency: every header write is conditional on the version read. Line creates and deletes
 * (and line changes of the full path) bump the header's version too; a line change made in one
 * write does not (media-channels.ts), so Submit first locks the lines and then takes the version's
 * figures from them: what is approved is exactly what was submitted and what the approver saw.
 */

/** The replies of the media plan (shared/replies/media-mixes.ts): a mix without its storage-only fields, and so on. */
export type { MediaChannelView, MediaMixInfo, MediaMixLineView, MediaMixList, MediaMixListItem, MediaMixView };

export function mixView(m: MediaMix): MediaMixView {
  const { PendingApplies: _p, NetMinor: _n, ManagementFeeMinor: _m, SystemFeeMinor: _s, ImageCreatives: _i, VideoCreatives: _v, ...rest } = m;
  return { ...rest, StatusName: MEDIA_MIX_STATUS_NAMES[m.Status] };
}

export function lineView(l: MediaChannel): MediaChannelView {
  const { BudgetMinor: _b, ApplyId: _a, ...rest } = l;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Scope and state checks (shared with the line and template code)
// ---------------------------------------------------------------------------------------------

/** The main account behind the page's account (the plan's currency and VAT are the main account's). */
export async function mainAccountOf(companyId: number, scopeAccountId: number, consistent = false): Promise<Account> {
  const account = await getAccount(companyId, scopeAccountId, consistent);
  if (!account) throw new NotFoundError(`Account ${scopeAccountId} was not found`, 'NOT_FOUND', { entity: 'Account', id: scopeAccountId });
  if (account.ParentId === null) return account;
  const main = await getAccount(companyId, account.ParentId, consistent);
  if (!main) throw new NotFoundError(`Account ${account.ParentId} was not found`, 'NOT_FOUND', { entity: 'Account', id: account.ParentId ?? '' });
  return main;
}

/** An activity of the page: booked on the page's main account or on the page's sub-account. */
export async function loadActivityInScope(caller: UserProfile, scopeAccountId: number, activityId: number, consistent = false): Promise<Activity> {
  const a = await getActivity(caller.companyId, activityId, consistent);
  if (!a) throw new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', { entity: 'Activity', id: activityId });
  if (a.AccountId !== scopeAccountId && a.SubAccountId !== scopeAccountId) {
    throw new ForbiddenError(`Activity ${activityId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', { entity: 'Activity', id: activityId, accountId: scopeAccountId });
  }
  return a;
}

/**
 * The mix belongs to the page (its main account, or the sub-account its activity is booked on), and
 * a client-only caller may see it (Approved only; anything else is "not found" to them).
 */
export async function checkMixScope(caller: UserProfile, scopeAccountId: number, header: Pick<MediaMix, 'ID' | 'AccountId' | 'ActivityId' | 'Status'>): Promise<void> {
  if (header.AccountId !== scopeAccountId) {
    const activity = await getActivity(caller.companyId, header.ActivityId);
    if (!activity || activity.SubAccountId !== scopeAccountId || activity.AccountId !== header.AccountId) {
      throw new ForbiddenError(`Media mix ${header.ID} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', { entity: 'MediaMix', id: header.ID, accountId: scopeAccountId });
    }
  }
  if (isClientOnly(caller.permissions) && header.Status !== MediaMixStatus.Approved) {
    throw new NotFoundError(`Media mix ${header.ID} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: header.ID });
  }
}

export async function loadMixInScope(caller: UserProfile, scopeAccountId: number, mixId: number, consistent = false): Promise<MediaMix> {
  const header = await getMixHeader(caller.companyId, mixId, consistent);
  if (!header) throw new NotFoundError(`Media mix ${mixId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: mixId });
  await checkMixScope(caller, scopeAccountId, header);
  return header;
}

/** Only a Draft changes; the 409 says why not and what to do instead. */
export function notDraftError(m: Pick<MediaMix, 'Version' | 'Status'>): ConflictError | undefined {
  switch (m.Status) {
    case MediaMixStatus.Draft: return undefined;
    case MediaMixStatus.Submitted:
      return new ConflictError(`Version ${m.Version} is Submitted; it cannot change until it is approved or rejected`, 'PLAN_SUBMITTED', { version: m.Version });
    default:
      return new ConflictError(
        `Version ${m.Version} is ${MEDIA_MIX_STATUS_NAMES[m.Status]}; create a new version to change it`,
        'PLAN_NOT_DRAFT', { version: m.Version, status: MEDIA_MIX_STATUS_NAMES[m.Status] },
      );
  }
}

export const editableMessage = (m: Pick<MediaMix, 'Version' | 'Status'>): string | undefined => notDraftError(m)?.message;

export function requireDraft(m: Pick<MediaMix, 'Version' | 'Status'>): void {
  const refused = notDraftError(m);
  if (refused) throw refused;
}

/** The 409 of an action the version's status does not allow ("Cannot approve a Draft version…"). */
const illegalTransition = (action: MediaMixAction, status: MediaMixStatus) =>
  new ConflictError(illegalTransitionMessage(action, status), 'PLAN_ACTION_NOT_ALLOWED', { action, status: MEDIA_MIX_STATUS_NAMES[status] });

/**
 * Why a header condition failed (the version moved on, or is no longer a Draft): read it again and
 * say which. `expectStatus` is the status the write needed.
 */
export async function explainHeader(companyId: number, mixId: number, expectStatus: MediaMixStatus, action?: MediaMixAction): Promise<Error> {
  const now = await getMixHeader(companyId, mixId, true);
  if (!now) return new NotFoundError(`Media mix ${mixId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: mixId });
  if (now.Status !== expectStatus) {
    return action ? illegalTransition(action, now.Status) : notDraftError(now) ?? new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  }
  return new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
}

/** Why an activity guard failed: gone, another account's, deleted, or (for a line) its dates. */
export async function explainActivity(
  companyId: number, scopeAccountId: number, activityId: number, dates?: { start: string; end: string; field: string },
): Promise<Error> {
  const a = await getActivity(companyId, activityId, true);
  if (!a) return new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', { entity: 'Activity', id: activityId });
  if (a.AccountId !== scopeAccountId && a.SubAccountId !== scopeAccountId) {
    return new ForbiddenError(`Activity ${activityId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', { entity: 'Activity', id: activityId, accountId: scopeAccountId });
  }
  if (a.Archived) return new ConflictError(`Activity ${activityId} is deleted; restore it before changing its media plan`, 'ACTIVITY_DELETED', { activityId });
  if (dates && (dates.start < a.StartDate || dates.end > a.EndDate)) {
    const field = dates.start < a.StartDate ? 'StartDate' : 'EndDate';
    return new ValidationError(
      `${dates.field}.${field}: the line runs ${dates.start} to ${dates.end}, outside the activity's dates ${a.StartDate} to ${a.EndDate}`,
      'LINE_OUTSIDE_ACTIVITY',
      { field: `${dates.field}.${field}`, start: dates.start, end: dates.end, activityStart: a.StartDate, activityEnd: a.EndDate },
    );
  }
  return new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
}

/** Why a new version could not open: another one is open (its state named), or the counter moved on. */
async function explainOpen(companyId: number, activityId: number): Promise<Error> {
  const plan = await getMixPlan(companyId, activityId, true);
  if (plan?.OpenMixId) {
    const open = await getMixHeader(companyId, plan.OpenMixId, true);
    if (open?.Status === MediaMixStatus.Submitted) {
      return new ConflictError(`Version ${open.Version} is Submitted; approve or reject it before starting a new version`, 'PLAN_SUBMITTED_OPEN', { version: open.Version });
    }
    return new ConflictError(`Version ${plan.OpenVersion} is a Draft already; change it instead of starting another (one Draft at a time)`, 'PLAN_DRAFT_OPEN', { version: plan.OpenVersion ?? '' });
  }
  return new ConflictError('Someone started a new version of this plan meanwhile; reload it', 'STALE_VERSION');
}

// ---------------------------------------------------------------------------------------------
// Pricing and totals
// ---------------------------------------------------------------------------------------------

/** Today's pricing: the company configuration and the main account's VAT flag and currency. */
export function currentPricing(main: Account, config: CompanyConfiguration): MixPricing {
  return {
    VatPct: config.VatPct, ImageSubmitFee: config.ImageSubmitFee, VideoSubmitFee: config.VideoSubmitFee, SetupFee: config.SetupFee,
    ApplyVat: main.ApplyVat, Currency: main.Currency,
  };
}

/** An Approved version keeps the pricing of its approval; any other version uses today's. */
export const pricingOf = (m: MediaMix, current: MixPricing): { pricing: MixPricing; fixed: boolean } =>
  (m.Status === MediaMixStatus.Approved && m.Pricing ? { pricing: m.Pricing, fixed: true } : { pricing: current, fixed: false });

/** GetMediaMixList: the versions of an activity's plan, newest first (client-only users: Approved ones). */
export async function listMediaMixes(caller: UserProfile, scopeAccountId: number, activityId: number): Promise<MediaMixList> {
  const companyId = caller.companyId;
  const [, headers, main, config] = await Promise.all([
    loadActivityInScope(caller, scopeAccountId, activityId),
    listMixHeadersOfActivity(companyId, activityId),
    mainAccountOf(companyId, scopeAccountId),
    cachedConfiguration(companyId),
  ]);
  const current = currentPricing(main, config);
  const clientOnly = isClientOnly(caller.permissions);
  const shown = headers.filter((h) => !clientOnly || h.Status === MediaMixStatus.Approved);
  // A Draft's lines change in one write that does not touch its header (media-channels.ts): its
  // totals are summed from its lines (one Query; one Draft per activity at most).
  const draftLines = new Map(await Promise.all(shown.filter((h) => h.Status === MediaMixStatus.Draft).map(async (h) =>
    [h.ID, (await getMixWithLines(companyId, h.ID))?.lines ?? []] as const)));
  const items = shown
    .sort((a, b) => b.Version - a.Version)
    .map((h) => {
      const { pricing } = pricingOf(h, current);
      const lines = draftLines.get(h.ID);
      // Figures stored before the money limits may be out of range: null, named in OutOfRange (never a 500).
      const out: OutOfRange = [];
      const t = totalsInRange(out, () => (lines ? totalsOfLines(lines, pricing) : totalsOfAggregates(h, pricing)));
      return { ...mixView(h), Currency: pricing.Currency, Net: t && minorToNumber(t.net), Total: t && minorToNumber(t.total), OutOfRange: out };
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
export async function getMediaMixInfo(caller: UserProfile, scopeAccountId: number, mixId: number): Promise<MediaMixInfo> {
  const companyId = caller.companyId;
  const mainP = mainAccountOf(companyId, scopeAccountId);
  const configP = cachedConfiguration(companyId);
  // Today is the company's day (its TimeZone), so the rate asked for is that day's.
  const rateP = Promise.all([mainP, configP]).then(([main, c]) => cachedPlanRate(companyId, main.Currency, companyToday(c))).then((r) => ({ r }), (error: unknown) => ({ error }));
  const [mix, main, config] = await Promise.all([getMixWithLines(companyId, mixId), mainP, configP]);
  if (!mix) throw new NotFoundError(`Media mix ${mixId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: mixId });
  const { header, lines } = mix;
  await checkMixScope(caller, scopeAccountId, header);

  const { pricing, fixed } = pricingOf(header, currentPricing(main, config));
  // Reading never fails on the version's own figures: one out of range is null and named in OutOfRange.
  const out: OutOfRange = [];
  const totals = totalsInRange(out, () => totalsOfLines(lines, pricing));
  let rate: PlanRate | null;
  let rateFixed = false;
  if (header.Status === MediaMixStatus.Approved) {
    rate = fixedRateOf(header);
    rateFixed = rate !== null;
  } else {
    const got = await rateP;
    if ('error' in got) throw got.error;
    rate = got.r;
  }
  const other = otherCurrency(pricing.Currency);
  const converted = rate && totals ? inRange(out, 'ConvertedTotals', () => convertTotals(totals, rate, pricing.Currency)) : null;
  return {
    ...mixView(header),
    Currency: pricing.Currency,
    CurrencyCode: CURRENCY_CODES[pricing.Currency],
    ApplyVat: pricing.ApplyVat,
    Pricing: { ...pricing, Fixed: fixed },
    Lines: lines.map((l, i) => ({
      ...lineView(l), Amounts: totals ? lineAmountsView(totals.lines[i]) : null, Kpis: kpisView(l, out, `Lines[${i}].Kpis`),
    })),
    Totals: totals && totalsView(totals),
    ConvertedCurrency: other,
    ConvertedCurrencyCode: CURRENCY_CODES[other],
    ExchangeRateUsed: rate,
    RateFixed: rateFixed,
    ConvertedTotals: converted,
    ConvertedTotal: converted ? converted.Total : null,
    RateMissing: rate ? null : missingRateMessage(pricing.Currency, companyToday(config)),
    OutOfRange: out,
  };
}

// ---------------------------------------------------------------------------------------------
// Creating and renaming versions
// ---------------------------------------------------------------------------------------------

function newHeader(fields: Pick<MediaMix, 'ID' | 'ActivityId' | 'AccountId' | 'Version' | 'Name' | 'SourceMixId'>, who: string, at: string): MediaMix {
  return {
    ...fields,
    Status: MediaMixStatus.Draft,
    SubmittedBy: null, SubmittedAt: null, ApprovedBy: null, ApprovedAt: null, RejectedBy: null, RejectedAt: null, RejectReason: null,
    ClientApprovedBy: null, ClientApprovedAt: null, ClientDeclinedBy: null, ClientDeclinedAt: null, ClientDeclinedComment: null,
    ExchangeRate: null, ExchangeRateFrom: null, ExchangeRateTo: null, ExchangeRateDate: null, Pricing: null,
    NetMinor: 0, ManagementFeeMinor: 0, SystemFeeMinor: 0, ImageCreatives: 0, VideoCreatives: 0, LineCount: 0,
    version: 1, createdAt: at, createdBy: who, updatedAt: at, updatedBy: who,
  };
}

/**
 * SaveMediaMix: ID ≤ 0 starts the activity's plan (version 1, Draft) when it has none; ID > 0
 * renames a Draft from the version read.
 */
export async function saveMediaMixFor(caller: UserProfile, scopeAccountId: number, input: output<typeof saveMediaMix>): Promise<MediaMixView> {
  const m = input.mediaMix;
  const companyId = caller.companyId;
  const at = new Date().toISOString();
  if (m.ID <= 0) {
    const activity = await loadActivityInScope(caller, scopeAccountId, m.ActivityId, true);
    if (activity.Archived) throw new ConflictError(`Activity ${activity.ID} is deleted; restore it before planning it`, 'ACTIVITY_DELETED', { activityId: activity.ID });
    const [existing, accounts] = await Promise.all([getMixPlan(companyId, activity.ID, true), planAccountGuards(companyId, activity.ID)]);
    if (existing) throw planExists(activity.ID, existing.LatestVersion);
    const header = newHeader({
      ID: await nextId(companyId, MEDIA_MIX_ENTITY), ActivityId: activity.ID, AccountId: activity.AccountId, Version: 1, Name: m.Name, SourceMixId: null,
    }, caller.email, at);
    await transactWrite([
      {
        item: planItems.create(companyId, {
          ActivityId: activity.ID, AccountId: activity.AccountId, LatestVersion: 1, OpenMixId: header.ID, OpenVersion: 1, ApprovedMixId: null, ApprovedVersion: null,
        }),
        conflict: planExists(activity.ID),
      },
      putNew(headerItem(companyId, header)),
      {
        item: activityGuard(companyId, activity.ID, scopeAccountId, undefined, accounts.bookedOn),
        explain: () => explainActivity(companyId, scopeAccountId, activity.ID),
      },
      audit({ companyId, who: caller.email, entity: MEDIA_MIX_ENTITY, id: header.ID, action: 'create', before: null, after: mixView(header), at }),
      ...accounts.items,
    ], { explain: () => explainPlanAccounts(companyId, activity.ID, staleVersion()) });
    return mixView(header);
  }

  const before = await loadMixInScope(caller, scopeAccountId, m.ID, true);
  if (m.ActivityId !== before.ActivityId) {
    throw new ValidationError(`mediaMix.ActivityId: media mix ${before.ID} belongs to activity ${before.ActivityId}; a version cannot move to another activity`, 'FIELD_CANNOT_CHANGE', { field: 'mediaMix.ActivityId' });
  }
  requireDraft(before);
  if (m.version === undefined) throw new ValidationError('mediaMix.version: is required when updating (send the version you read)', 'FIELD_REQUIRED', { field: 'mediaMix.version' });
  if (m.version !== before.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  const after: MediaMix = { ...before, Name: m.Name, version: before.version + 1, updatedAt: at, updatedBy: caller.email };
  await replaceHeader(caller, scopeAccountId, before, after, [], MediaMixStatus.Draft);
  return mixView(after);
}

const planExists = (activityId: number, latest?: number) =>
  new ConflictError(`Activity ${activityId} already has a media plan${latest ? ` (latest version ${latest})` : ''}; open it, or create a new version from an approved or rejected one`, 'PLAN_EXISTS', { activityId });

/**
 * Writes a header change from the version read, with `extra` items (plan item, guards) and its audit
 * entry, all or nothing. A failed condition is explained by reading the state again.
 */
async function replaceHeader(
  caller: UserProfile, scopeAccountId: number, before: MediaMix, after: MediaMix, extra: NamedWrite[],
  expectStatus: MediaMixStatus, action?: MediaMixAction, lines?: MediaChannel[],
): Promise<void> {
  const companyId = caller.companyId;
  // The plan's accounts are Active (409 naming the archived one), and, when the version's lines are
  // given (Submit, Approve), none lies outside the activity's dates — both kept until the commit.
  const accounts = await planAccountGuards(companyId, before.ActivityId);
  if (lines) requireLinesInside(before, accounts.activity, lines, action);
  const span = lines?.length ? lineSpan(lines) : undefined;
  await transactWrite([
    { item: putFromVersion(headerItem(companyId, after), before.version), explain: () => explainHeader(companyId, before.ID, expectStatus, action) },
    {
      item: activityGuard(companyId, before.ActivityId, scopeAccountId, span, accounts.bookedOn),
      explain: async () => {
        const now = lines && (await getActivity(companyId, before.ActivityId, true));
        if (now && lines && strandedLines(now, lines).length) return strandedError(before, now, lines, action);
        return explainActivity(companyId, scopeAccountId, before.ActivityId);
      },
    },
    ...extra,
    audit({ companyId, who: caller.email, entity: MEDIA_MIX_ENTITY, id: after.ID, action: 'update', before: mixView(before), after: mixView(after), at: after.updatedAt }),
    ...accounts.items,
  ], { explain: () => explainPlanAccounts(companyId, before.ActivityId, staleVersion()) });
}

/** The first start and last end of a version's lines: the activity must run around them. */
const lineSpan = (lines: Pick<MediaChannel, 'StartDate' | 'EndDate'>[]) => ({
  start: lines.reduce((m, l) => (l.StartDate < m ? l.StartDate : m), lines[0].StartDate),
  end: lines.reduce((m, l) => (l.EndDate > m ? l.EndDate : m), lines[0].EndDate),
});

function strandedError(m: Pick<MediaMix, 'Version'>, a: Activity, lines: MediaChannel[], action?: MediaMixAction): ConflictError {
  const out = strandedLines(a, lines);
  const fix = action === 'approve' ? 'reject it so the planner can move them' : 'move them inside the activity\'s dates (or change the activity\'s dates) first';
  return new ConflictError(
    `Version ${m.Version} has ${out.length === 1 ? 'a line' : `${out.length} lines`} outside the activity's dates ${a.StartDate} to ${a.EndDate}: `
    + `${namedLines(out)}; ${fix}`,
    'PLAN_LINES_OUTSIDE_ACTIVITY', { version: m.Version, count: out.length, start: a.StartDate, end: a.EndDate, lines: namedLines(out) },
  );
}

/** Submit and Approve refuse a version with lines outside its activity's dates (issue 8 §6). */
function requireLinesInside(m: MediaMix, a: Activity, lines: MediaChannel[], action?: MediaMixAction): void {
  if (strandedLines(a, lines).length) throw strandedError(m, a, lines, action);
}

/**
 * CreateMediaMixVersion: a new Draft (Version = latest + 1) copied from an Approved or Rejected
 * version — its name and every live line (new ids; SourceLineId names the line copied). Only one
 * Draft-or-Submitted version per activity at a time. A large plan's lines are written before the
 * header that makes them visible (repositories/media-mixes.ts writeLinesWithCommit).
 */
export async function createMediaMixVersion(caller: UserProfile, scopeAccountId: number, mixId: number): Promise<MediaMixView> {
  const companyId = caller.companyId;
  const source = await getMixWithLines(companyId, mixId, true);
  if (!source) throw new NotFoundError(`Media mix ${mixId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: mixId });
  const src = source.header;
  await checkMixScope(caller, scopeAccountId, src);
  if (!ACTION_FROM.copy.includes(src.Status)) throw illegalTransition('copy', src.Status);
  const plan = await getMixPlan(companyId, src.ActivityId, true);
  if (!plan) throw new NotFoundError(`Activity ${src.ActivityId} has no media plan`, 'NOT_FOUND', { entity: 'MediaPlan', id: src.ActivityId });
  if (plan.OpenMixId) throw await explainOpen(companyId, src.ActivityId);
  checkPlanFigures(source.lines, `Version ${src.Version} has lines out of range (stored before the money limits); they cannot be copied`);
  const accounts = await planAccountGuards(companyId, src.ActivityId);

  const at = new Date().toISOString();
  const [id, lineIds] = await Promise.all([nextId(companyId, MEDIA_MIX_ENTITY), nextIds(companyId, 'MediaChannel', source.lines.length)]);
  const version = plan.LatestVersion + 1;
  const copies: MediaChannel[] = source.lines.map((l, i) => {
    const { ApplyId: _a, ...rest } = l;
    return { ...rest, ID: lineIds[i], MediaMixId: id, SourceLineId: l.ID, version: 1, createdAt: at, createdBy: caller.email, updatedAt: at, updatedBy: caller.email };
  });
  const header: MediaMix = {
    ...newHeader({ ID: id, ActivityId: src.ActivityId, AccountId: src.AccountId, Version: version, Name: src.Name, SourceMixId: src.ID }, caller.email, at),
    ...sumAggregates(copies),
  };
  await writeLinesWithCommit(companyId, copies, () => [
    putNew(headerItem(companyId, header)),
    { item: planItems.open(companyId, src.ActivityId, plan.LatestVersion, id, version), explain: () => explainOpen(companyId, src.ActivityId) },
    { item: activityGuard(companyId, src.ActivityId, scopeAccountId, undefined, accounts.bookedOn), explain: () => explainActivity(companyId, scopeAccountId, src.ActivityId) },
    audit({
      companyId, who: caller.email, entity: MEDIA_MIX_ENTITY, id, action: 'create', before: null, at,
      after: { ...mixView(header), CopiedFromMixId: src.ID, CopiedFromVersion: src.Version, LineIds: lineIds },
    }),
    ...accounts.items,
  ], () => explainPlanAccounts(companyId, src.ActivityId, staleVersion()));
  return mixView(header);
}

// ---------------------------------------------------------------------------------------------
// Lifecycle
// ---------------------------------------------------------------------------------------------

/** The version is in the status `action` starts from, and the caller read the current version. */
function checkTransition(m: MediaMix, action: MediaMixAction, version: number | undefined): void {
  if (!ACTION_FROM[action].includes(m.Status)) throw illegalTransition(action, m.Status);
  if (version !== undefined && version !== m.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
}

const stamp = (m: MediaMix, caller: UserProfile, at: string, changes: Partial<MediaMix>): MediaMix =>
  ({ ...m, ...changes, version: m.version + 1, updatedAt: at, updatedBy: caller.email });

/**
 * SubmitMediaMix: Draft → Submitted, by agency staff; the version needs at least one line.
 * (1) lock the lines (no one-write change after this), (2) read the header and the lines again and
 * set the header's aggregates from them (a one-write change does not ADD to them), (3) the header
 * from the version read. A change on the full path between (1) and (3) bumps the header's version,
 * so (3) fails as stale and the version stays a Draft (its locked lines still change, on the full
 * path, which unlocks them again).
 */
export async function submitMediaMix(caller: UserProfile, scopeAccountId: number, input: output<typeof mediaMixTransition>): Promise<MediaMixView> {
  const companyId = caller.companyId;
  const first = await loadMixInScope(caller, scopeAccountId, input.mediaMixId, true);
  checkTransition(first, 'submit', input.version);
  // An archived account's plan is refused before its lines are locked (the archive locked them already).
  await planAccountGuards(companyId, first.ActivityId);
  // A line stored before the money limits is out of range: never submit a version nobody could read
  // (checked before the lock, so a refusal changes nothing; later one-write changes are checked as written).
  checkPlanFigures((await getMixWithLines(companyId, first.ID, true))?.lines ?? [], `Version ${first.Version} has lines out of range; change them before submitting`);
  await lockPlanLines(companyId, first.ID);
  const mix = await getMixWithLines(companyId, first.ID, true);
  if (!mix) throw new NotFoundError(`Media mix ${first.ID} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: first.ID });
  const before = mix.header;
  checkTransition(before, 'submit', input.version);
  const aggregates = sumAggregates(mix.lines);
  if (aggregates.LineCount < 1) throw new ConflictError(`Version ${before.Version} has no lines; add at least one line before submitting it`, 'PLAN_NO_LINES', { version: before.Version });
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, { Status: MediaMixStatus.Submitted, SubmittedBy: caller.email, SubmittedAt: at, ...aggregates });
  await replaceHeader(caller, scopeAccountId, before, after, [], MediaMixStatus.Draft, 'submit', mix.lines);
  return mixView(after);
}

/**
 * ApproveMediaMix: Submitted → Approved, by a MediaPlanApprover. Fixes, on the version, the exchange
 * rate of the approval date (account currency ↔ the other one; none → 409 naming the pair and the
 * date) and the pricing (VAT, fees, the account's VAT flag and currency), so the approved figures
 * never change afterwards. The version becomes the activity's latest approved one.
 */
export async function approveMediaMix(caller: UserProfile, scopeAccountId: number, input: output<typeof mediaMixTransition>): Promise<MediaMixView> {
  const companyId = caller.companyId;
  const [before, config, mix] = await Promise.all([
    loadMixInScope(caller, scopeAccountId, input.mediaMixId, true), getCompanyConfiguration(companyId, true), getMixWithLines(companyId, input.mediaMixId, true),
  ]);
  checkTransition(before, 'approve', input.version);
  requireAnotherApprover(config, before, caller);
  const main = await getAccount(companyId, before.AccountId, true);
  if (!main) throw new NotFoundError(`Account ${before.AccountId} was not found`, 'NOT_FOUND', { entity: 'Account', id: before.AccountId });
  // The company's day: an approval at 00:30 Israel time fixes that day's rate, not UTC's yesterday's.
  const date = companyToday(config);
  const rate = await findPlanRate(companyId, main.Currency, date);
  if (!rate) throw new ConflictError(`${missingRateMessage(main.Currency, date)}; add one under Exchange rates and approve again`, 'RATE_MISSING', { from: CURRENCY_CODES[main.Currency], to: CURRENCY_CODES[otherCurrency(main.Currency)], date });
  // The approval fixes the rate: its converted totals must be computable before it is written (409 naming the rate).
  checkApprovable(before, currentPricing(main, config), rate);
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, {
    Status: MediaMixStatus.Approved, ApprovedBy: caller.email, ApprovedAt: at,
    ExchangeRate: rate.Rate, ExchangeRateFrom: rate.From, ExchangeRateTo: rate.To, ExchangeRateDate: rate.Date,
    Pricing: currentPricing(main, config),
  });
  await replaceHeader(caller, scopeAccountId, before, after, [{
    item: planItems.close(companyId, before.ActivityId, before.ID, { version: before.Version }),
    conflict: staleVersion(),
  }], MediaMixStatus.Submitted, 'approve', mix?.lines ?? []);
  return mixView(after);
}

/**
 * Four eyes (issue 8 §8): with the company's ApproverMustDifferFromSubmitter (default on) the user
 * who submitted a version cannot approve it — another MediaPlanApprover does. Rejecting one's own
 * submission stays allowed: it approves nothing, it only sends the version back to planning.
 */
function requireAnotherApprover(config: CompanyConfiguration, m: MediaMix, caller: UserProfile): void {
  if (!config.ApproverMustDifferFromSubmitter || !m.SubmittedBy) return;
  if (m.SubmittedBy.toLowerCase() === caller.email.toLowerCase()) {
    throw new ForbiddenError(
      `You submitted version ${m.Version}, so another media plan approver must approve it (company setting "Approver must differ from submitter")`,
      'APPROVER_IS_SUBMITTER', { version: m.Version },
    );
  }
}

/** RejectMediaMix: Submitted → Rejected with a reason, by a MediaPlanApprover; the planner answers with a new version. */
export async function rejectMediaMixFor(caller: UserProfile, scopeAccountId: number, input: output<typeof rejectMediaMix>): Promise<MediaMixView> {
  const before = await loadMixInScope(caller, scopeAccountId, input.mediaMixId, true);
  checkTransition(before, 'reject', input.version);
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, { Status: MediaMixStatus.Rejected, RejectedBy: caller.email, RejectedAt: at, RejectReason: input.reason });
  await replaceHeader(caller, scopeAccountId, before, after, [{
    item: planItems.close(caller.companyId, before.ActivityId, before.ID),
    conflict: staleVersion(),
  }], MediaMixStatus.Submitted, 'reject');
  return mixView(after);
}

/**
 * ClientSignOff / ClientDecline: a client user of the account answers an Approved version (it stays
 * Approved). Only client-only users (ClientZone and nothing else): agency staff approve with
 * ApproveMediaMix instead. Only the activity's latest approved version can be answered; a signed-off
 * version is final, a declined one can still be signed off (the client changed their mind).
 */
async function clientAnswer(
  caller: UserProfile, scopeAccountId: number, mixId: number, action: 'sign off' | 'decline', changes: (at: string) => Partial<MediaMix>,
): Promise<MediaMixView> {
  if (!isClientOnly(caller.permissions)) {
    throw new ForbiddenError('Required permission missing: only client users of this account sign off or decline a plan; agency staff approve it', 'CLIENT_ANSWER_ONLY');
  }
  const before = await loadMixInScope(caller, scopeAccountId, mixId, true);
  checkTransition(before, action, undefined);
  if (before.ClientApprovedAt) {
    throw new ConflictError(`Version ${before.Version} was already signed off by ${before.ClientApprovedBy} on ${before.ClientApprovedAt.slice(0, 10)}`, 'PLAN_ALREADY_SIGNED', { version: before.Version, by: before.ClientApprovedBy ?? '', date: before.ClientApprovedAt.slice(0, 10) });
  }
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, changes(at));
  await replaceHeader(caller, scopeAccountId, before, after, [{
    item: planItems.latestApproved(caller.companyId, before.ActivityId, before.ID),
    explain: async () => {
      const plan = await getMixPlan(caller.companyId, before.ActivityId, true);
      return new ConflictError(`Version ${before.Version} was replaced by version ${plan?.ApprovedVersion ?? 'a newer one'}; answer the latest approved version`, 'PLAN_VERSION_REPLACED', { version: before.Version, latest: plan?.ApprovedVersion ?? '' });
    },
  }], MediaMixStatus.Approved, action);
  return mixView(after);
}

export const clientSignOff = (caller: UserProfile, scopeAccountId: number, mixId: number) =>
  clientAnswer(caller, scopeAccountId, mixId, 'sign off', (at) => ({
    ClientApprovedBy: caller.email, ClientApprovedAt: at, ClientDeclinedBy: null, ClientDeclinedAt: null, ClientDeclinedComment: null,
  }));

export const clientDeclineFor = (caller: UserProfile, scopeAccountId: number, input: output<typeof clientDecline>) =>
  clientAnswer(caller, scopeAccountId, input.mediaMixId, 'decline', (at) => ({
    ClientDeclinedBy: caller.email, ClientDeclinedAt: at, ClientDeclinedComment: input.comment,
  }));
