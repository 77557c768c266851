import { ConflictError } from '../../core/errors';
import { deleteFinalStatement, getFinalStatement, putFinalStatement } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { BillableStatementView } from './replies';
import { rateBookFor } from '../performance';
import { billableStatement, monthDays, type BillableLine } from './billable';
import { fixedRateOf } from '../media-plans';
import { nameIn, userNames } from '../users';
import { activitiesOf, checkMonthInRange, statementLines } from './statement-reads';
import { statementContext, type StatementRange } from './statement-range';
import { inParallel } from '../../core/in-parallel';
import { statementView } from './statement-view';

/**
 * BillingService: gathers what billable.ts needs for an account and month and shapes
 * its statement; stores it when marked final. The rules are billable.ts's (docs/pacing-and-billing.md).
 *
 * What is read:
 * - the plan lines: every live activity of the page's main account overlapping the month (only the
 *   page's sub-account's when the page is a sub-account), and of each, the lines of its LATEST
 *   APPROVED version (a campaign's stats are rolled up on that version's lines: modules/connectors/campaigns.ts);
 *   all of a version's lines are passed, so its setup fee goes by its first line's start;
 * - each line's day rollups in the month (modules/performance-data/rollup-read-store.dynamodb.ts readLineRollup);
 * - the rates the foreign currencies need (latest on or before the first day, and those in the month);
 * - pricing: VatPct and the creative and setup fees of the company's configuration; the currency and
 *   ApplyVat of the main account (the plan's currency is the main account's);
 * - the agent connectors linked to the account family's ad accounts, each with the earliest
 *   LastSyncedTo of its links' sync states (SYNC_BEHIND), and RestatementDays.
 */

/**
 * The month's statement as computed now (not the stored final one): its own reads, or those of
 * `range` (readStatementRange) when the month is one of a range's, so the months share them.
 */
async function computeStatement(
  caller: UserProfile,
  scopeAccountId: number,
  month: string,
  range?: StatementRange,
): Promise<BillableStatementView> {
  const companyId = caller.companyId;
  const { first, last } = monthDays(month);
  const ctx = range?.context ?? (await statementContext(caller, scopeAccountId));
  const { main, config, sync, sub, today } = ctx;
  checkMonthInRange(ctx.firstFlight, today, month);
  const statesP = ctx.connectors();
  const activities =
    range?.activities && range.first <= first && last <= range.last
      ? range.activities.filter((a) => a.StartDate <= last && a.EndDate >= first)
      : await activitiesOf(companyId, main.ID, sub, first, last);
  const { lineOf, rollups } = await statementLines(companyId, activities, first, last, range);

  const code = CURRENCY_CODES[main.Currency];
  const rates = await rateBookFor(companyId, [...rollups.values()].flat(), code);
  const { connectors, coverage } = await statesP;
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
  return statementView(s, lineOf, {
    accountId: scopeAccountId,
    month,
    currency: main.Currency,
    code,
    applyVat: main.ApplyVat,
    vatPct: config.VatPct,
    today,
    restatementDays: sync.restatementDays,
  });
}

/** Who marked the month final, by name (the snapshot keeps the e-mail: a renamed user shows by their current name). */
async function withFinalizerName(companyId: number, s: BillableStatementView): Promise<BillableStatementView> {
  return { ...s, FinalizedByName: nameIn(await userNames(companyId))(s.FinalizedBy) };
}

/**
 * The statement of an open month computed over a range's shared reads (readStatementRange; the
 * caller knows the month is not final). The same figures as billableStatementFor's computed one.
 */
export function computedStatementFor(
  caller: UserProfile,
  scopeAccountId: number,
  month: string,
  range: StatementRange,
): Promise<BillableStatementView> {
  return computeStatement(caller, scopeAccountId, month, range);
}

/** The stored statements of the months that are final, by month (as stored: no finalizer's name). */
export async function finalStatementsOf(
  companyId: number,
  scopeAccountId: number,
  months: readonly string[],
): Promise<Map<string, BillableStatementView>> {
  const found = await inParallel(months, (m) => getFinalStatement(companyId, scopeAccountId, m), 3);
  return new Map(found.flatMap((f, i) => (f ? [[months[i], f.Statement] as const] : [])));
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
