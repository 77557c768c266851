import { ConflictError, ValidationError } from '../../core/errors';
import { listExternalLinks, listAgentConnectors } from '../connectors';
import { getAccounts } from '../tenancy';
import { earliestActivityStart, listActivitiesOfMain, type Activity } from '../../repositories/activities';
import { deleteFinalStatement, getFinalStatement, putFinalStatement } from './store';
import { readLineRollup, type RollupRow } from '../performance-data';
import { getMixPlan, getMixWithLines } from '../../repositories/media-mix-reads';
import type { MediaChannel, MediaMix } from '../../repositories/media-mix-types';
import type { UserProfile } from '../tenancy';
import { getSyncState } from '../connectors';
import type { CalendarDay } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/media-mix-status';
import { minorToNumber, type Minor } from '../../shared/money';
import type { BillableLineView, BillableNotFinalReason, BillableStatementView } from './replies';
import { companySyncSettings } from '../connectors';
import { retainedFrom } from '../connectors';
import { rateBookFor } from '../performance';
import { inParallel } from '../../core/in-parallel';
import {
  billableStatement,
  monthDays,
  type AdAccountCoverage,
  type BillableLine,
  type NotFinalReason,
} from './billable';
import { companyToday, fixedRateOf } from '../../domain/media-mix-figures';
import { cachedConfiguration } from '../configurations';
import { mainAccountOf } from '../../domain/media-mix-scope';
import { nameIn, userNames } from '../users';
import type { ConnectorState } from '../performance';

/**
 * BillingService: gathers what billable.ts needs for an account and month and shapes
 * its statement; stores it when marked final. The rules are billable.ts's (docs/pacing-and-billing.md).
 *
 * What is read:
 * - the plan lines: every live activity of the page's main account overlapping the month (only the
 *   page's sub-account's when the page is a sub-account), and of each, the lines of its LATEST
 *   APPROVED version (a campaign's stats are rolled up on that version's lines: domain/campaigns.ts);
 *   all of a version's lines are passed, so its setup fee goes by its first line's start;
 * - each line's day rollups in the month (repositories/daily-stats.ts readLineRollup);
 * - the rates the foreign currencies need (latest on or before the first day, and those in the month);
 * - pricing: VatPct and the creative and setup fees of the company's configuration; the currency and
 *   ApplyVat of the main account (the plan's currency is the main account's);
 * - the agent connectors linked to the account family's ad accounts, each with the earliest
 *   LastSyncedTo of its links' sync states (SYNC_BEHIND), and RestatementDays.
 */

/** Every live activity of the main account overlapping the month (the page's sub-account's only, when it is one). */
async function activitiesOf(
  companyId: number,
  mainId: number,
  subAccountId: number | undefined,
  first: CalendarDay,
  last: CalendarDay,
): Promise<Activity[]> {
  const out: Activity[] = [];
  let token: string | null | undefined;
  do {
    const page = await listActivitiesOfMain(
      companyId,
      mainId,
      { fromDate: first, toDate: last, ...(subAccountId !== undefined ? { subAccountId } : {}) },
      500,
      false,
      token,
    );
    out.push(...page.items);
    token = page.nextToken;
  } while (token);
  return out;
}

/**
 * The agent connectors linked to the account family's ad accounts, each with the earliest
 * LastSyncedTo of its links; and what each linked ad account's stored data covers.
 */
async function connectorStates(
  companyId: number,
  familyIds: ReadonlySet<number>,
  today: CalendarDay,
): Promise<{ connectors: ConnectorState[]; coverage: AdAccountCoverage[] }> {
  const [links, agents] = await Promise.all([listExternalLinks(companyId), listAgentConnectors(companyId)]);
  const live = new Map(agents.filter((a) => !a.Archived).map((a) => [a.ID, a]));
  const mine = links.filter((l) => familyIds.has(l.AccountId) && live.has(l.AgentConnectorId));
  const states = await inParallel(mine, async (l) => ({
    link: l,
    state: await getSyncState(companyId, l.AgentConnectorId, l.ExternalAccountId),
  }));
  const earliest = new Map<number, CalendarDay | null>();
  const coverage: AdAccountCoverage[] = [];
  for (const { link, state } of states) {
    const to = state?.LastSyncedTo ?? null;
    const seen = earliest.get(link.AgentConnectorId);
    if (seen === undefined) earliest.set(link.AgentConnectorId, to);
    else if (seen !== null) earliest.set(link.AgentConnectorId, to === null || to < seen ? to : seen);
    const agent = live.get(link.AgentConnectorId)!;
    const kept = retainedFrom(agent.ConnectorType, today);
    coverage.push({
      connectorId: agent.ID,
      connector: agent.Name,
      externalAccountId: link.ExternalAccountId,
      syncedFrom: state?.SyncedFrom ?? null,
      syncedTo: to,
      ...(kept ? { retainedFrom: kept } : {}),
    });
  }
  coverage.sort((a, b) => a.connectorId - b.connectorId || a.externalAccountId.localeCompare(b.externalAccountId));
  const connectors = [...live.values()]
    .filter((a) => earliest.has(a.ID))
    .sort((a, b) => a.ID - b.ID)
    .map((a) => ({ id: a.ID, name: a.Name, status: a.Status, lastSyncedTo: earliest.get(a.ID) ?? null }));
  return { connectors, coverage };
}

/**
 * The months a statement may be asked for: from the month of the account's first flight (its main
 * account's earliest live activity) to the company's current month; a month outside is a 400 naming
 * the range (before the first flight nothing was planned to bill; after today nothing happened yet).
 */
async function checkMonthInRange(companyId: number, mainId: number, today: CalendarDay, month: string): Promise<void> {
  const to = today.slice(0, 7);
  const first = (await earliestActivityStart(companyId, mainId))?.slice(0, 7);
  const from = first && first < to ? first : to;
  if (month < from || month > to) {
    throw new ValidationError(
      `month: ${month} is outside the account's months (${from} to ${to})`,
      'MONTH_OUT_OF_RANGE',
      { month, from, to },
    );
  }
}

const money = (m: Minor) => minorToNumber(m);

function reasonView(r: NotFinalReason): BillableNotFinalReason {
  switch (r.code) {
    case 'PROVISIONAL':
      return { Code: r.code, LastDay: r.lastDay, FinalFrom: r.finalFrom };
    case 'CONNECTOR_NOT_OK':
      return { Code: r.code, ConnectorId: r.connectorId, Connector: r.connector, Status: r.status };
    case 'SYNC_BEHIND':
      return {
        Code: r.code,
        ConnectorId: r.connectorId,
        Connector: r.connector,
        LastSyncedTo: r.lastSyncedTo,
        Needed: r.needed,
      };
    case 'MISSING_DAYS':
      return {
        Code: r.code,
        ConnectorId: r.connectorId,
        Connector: r.connector,
        ExternalAccountId: r.externalAccountId,
        Days: r.days,
        BeyondRetention: r.beyondRetention,
      };
  }
}

/** The month's statement as computed now (not the stored final one). */
async function computeStatement(
  caller: UserProfile,
  scopeAccountId: number,
  month: string,
): Promise<BillableStatementView> {
  const companyId = caller.companyId;
  const { first, last } = monthDays(month);
  const [main, config, sync] = await Promise.all([
    mainAccountOf(companyId, scopeAccountId),
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
  ]);
  const sub = main.ID === scopeAccountId ? undefined : scopeAccountId;
  const today = companyToday(config);
  await checkMonthInRange(companyId, main.ID, today, month);
  const activities = await activitiesOf(companyId, main.ID, sub, first, last);

  // The account family whose links feed the statement: the sub-account, or the main account and its sub-accounts.
  const familyP = (async () => {
    if (sub !== undefined) return new Set([sub]);
    const links = await listExternalLinks(companyId);
    const ids = [...new Set(links.map((l) => l.AccountId))];
    const accounts = ids.length ? await getAccounts(companyId, ids) : [];
    return new Set(accounts.filter((a) => a.ID === main.ID || a.ParentId === main.ID).map((a) => a.ID));
  })();

  const plans = await inParallel(activities, async (a) => {
    const plan = await getMixPlan(companyId, a.ID);
    const mix = plan?.ApprovedMixId ? await getMixWithLines(companyId, plan.ApprovedMixId) : undefined;
    return mix ? { activity: a, header: mix.header, lines: mix.lines.filter((l) => !l.Archived) } : null;
  });
  const lineOf = new Map<number, { line: MediaChannel; header: MediaMix; activity: Activity }>();
  for (const p of plans)
    if (p) for (const l of p.lines) lineOf.set(l.ID, { line: l, header: p.header, activity: p.activity });
  const lineIds = [...lineOf.keys()];
  const rollups = new Map<number, RollupRow[]>(
    await inParallel(lineIds, async (id) => [id, await readLineRollup(companyId, id, first, last)] as const),
  );

  const code = CURRENCY_CODES[main.Currency];
  const rates = await rateBookFor(companyId, [...rollups.values()].flat(), code);
  const { connectors, coverage } = await connectorStates(companyId, await familyP, today);
  const lines: BillableLine[] = [...lineOf.values()].map(({ line, header }) => ({
    lineId: line.ID,
    mediaMixId: header.ID,
    managementFeePct: line.ManagementFeePct,
    systemFeePct: line.SystemFeePct,
    imageCreatives: line.ImageCreatives,
    videoCreatives: line.VideoCreatives,
    startDate: line.StartDate,
    planRate: fixedRateOf(header),
    actuals: rollups.get(line.ID) ?? [],
  }));
  const s = billableStatement({
    accountId: scopeAccountId,
    month,
    today,
    restatementDays: sync.restatementDays,
    currency: code,
    applyVat: main.ApplyVat,
    pricing: {
      vatPct: config.VatPct,
      imageSubmitFee: config.ImageSubmitFee,
      videoSubmitFee: config.VideoSubmitFee,
      setupFee: config.SetupFee,
    },
    lines,
    rates,
    connectors,
    coverage,
    flights: activities.map((a) => ({ start: a.StartDate, end: a.EndDate })),
  });
  const outLines: BillableLineView[] = s.lines.map((a) => {
    const { line, activity } = lineOf.get(a.lineId)!;
    return {
      LineId: a.lineId,
      LineName: line.Name,
      ChannelTypeName: line.ChannelTypeName,
      MediaMixId: a.mediaMixId,
      ActivityId: activity.ID,
      ActivityName: activity.Name,
      StartDate: line.StartDate,
      Net: money(a.net),
      ManagementFee: money(a.managementFee),
      SystemFee: money(a.systemFee),
      CreativeFee: money(a.creativeFee),
      Subtotal: money(a.subtotal),
      NetAtPlanRate: a.netAtPlanRate === null ? null : money(a.netAtPlanRate),
      FxGap: a.fxGap,
    };
  });
  return {
    AccountId: scopeAccountId,
    Month: month,
    Currency: main.Currency,
    CurrencyCode: code,
    ApplyVat: main.ApplyVat,
    VatPct: config.VatPct,
    Lines: outLines,
    Net: money(s.net),
    ManagementFee: money(s.managementFee),
    SystemFee: money(s.systemFee),
    CreativeFee: money(s.creativeFee),
    SetupFee: money(s.setupFee),
    SetupFeeMixIds: s.setupFeeMixIds,
    Subtotal: money(s.subtotal),
    Vat: money(s.vat),
    Total: money(s.total),
    Fx: {
      NetAtPlanRate: s.fx.netAtPlanRate === null ? null : money(s.fx.netAtPlanRate),
      Effect: s.fx.effect === null ? null : money(s.fx.effect),
      Gap: s.fx.gap,
      ForeignCurrencies: s.fx.foreignCurrencies,
    },
    Today: today,
    RestatementDays: sync.restatementDays,
    Final: false,
    FinalizedBy: null,
    FinalizedByName: null,
    FinalizedAt: null,
    version: 0,
    CanMarkFinal: s.canMarkFinal,
    NotFinalReasons: s.notFinalReasons.map(reasonView),
  };
}

/** Who marked the month final, by name (the snapshot keeps the e-mail: a renamed user shows by their current name). */
async function withFinalizerName(companyId: number, s: BillableStatementView): Promise<BillableStatementView> {
  return { ...s, FinalizedByName: nameIn(await userNames(companyId))(s.FinalizedBy) };
}

/** GetBillableStatement: the stored statement once the month is final, else the statement computed now. */
export async function billableStatementFor(
  caller: UserProfile,
  scopeAccountId: number,
  month: string,
): Promise<BillableStatementView> {
  const final = await getFinalStatement(caller.companyId, scopeAccountId, month);
  if (final) return withFinalizerName(caller.companyId, final.Statement);
  return computeStatement(caller, scopeAccountId, month);
}

const alreadyFinal = (month: string) =>
  new ConflictError(`${month} is already final; its billed figures do not change`, 'BILLABLE_ALREADY_FINAL', { month });

/**
 * MarkBillableFinal: refused (BILLABLE_NOT_FINAL) unless billable.ts's canMarkFinal; stores the
 * statement as computed now, frozen (conditional create: a second mark is BILLABLE_ALREADY_FINAL).
 */
export async function markBillableFinalFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: { month: string; version?: number },
): Promise<BillableStatementView> {
  const { month } = input;
  if (await getFinalStatement(caller.companyId, scopeAccountId, month, true)) throw alreadyFinal(month);
  if (input.version !== undefined && input.version !== 0) {
    throw new ConflictError(`The statement of ${month} changed since it was read; reload it`, 'STALE_VERSION');
  }
  const s = await computeStatement(caller, scopeAccountId, month);
  if (!s.CanMarkFinal) {
    const reasons = [...new Set(s.NotFinalReasons.map((r) => r.Code))].join(', ');
    throw new ConflictError(
      `${month} cannot be marked final yet (${reasons}): its figures may still change`,
      'BILLABLE_NOT_FINAL',
      { month, reasons },
    );
  }
  const at = new Date().toISOString();
  const frozen: BillableStatementView = {
    ...s,
    Final: true,
    FinalizedBy: caller.email,
    FinalizedAt: at,
    version: 1,
    CanMarkFinal: false,
    NotFinalReasons: [],
  };
  await putFinalStatement(
    caller.companyId,
    { AccountId: scopeAccountId, Month: month, Statement: frozen, updatedBy: caller.email, updatedAt: at },
    alreadyFinal(month),
  );
  return withFinalizerName(caller.companyId, frozen);
}

/**
 * ReopenBillableMonth (Admin): a final month goes back to computed figures until it is marked final
 * again; the reason and the billed figures are kept in its audit entry (History). Not final:
 * BILLABLE_NOT_MARKED_FINAL; a version other than the final one's: STALE_VERSION.
 */
export async function reopenBillableMonthFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: { month: string; reason: string; version: number },
): Promise<BillableStatementView> {
  const { month } = input;
  const final = await getFinalStatement(caller.companyId, scopeAccountId, month, true);
  if (!final)
    throw new ConflictError(`${month} is not final; there is nothing to reopen`, 'BILLABLE_NOT_MARKED_FINAL', {
      month,
    });
  const stale = new ConflictError(`The statement of ${month} changed since it was read; reload it`, 'STALE_VERSION');
  if (input.version !== final.Statement.version) throw stale;
  // Computed first: a month that cannot be computed is refused before anything is written.
  const fresh = await computeStatement(caller, scopeAccountId, month);
  await deleteFinalStatement(caller.companyId, final, caller.email, input.reason, stale);
  return fresh;
}
