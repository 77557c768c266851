import type { output } from 'zod/mini';
import { scheduleActivity } from './activity-schedule';
import { errorFields, log } from '../../core/logger';
import { ConflictError, ForbiddenError, NotFoundError, STALE_VERSION_MESSAGE } from '../../core/errors';
import type { PlanVersion, MediaPlanStore } from './store';
import { planStore } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { clientDecline, versionTransition, rejectVersion, submitVersionInput } from './schemas/plans';
import { checkBudget } from '../../shared/budget-check';
import { formatMinor, minorToNumber } from '../../shared/money';
import {
  ACTION_FROM,
  CURRENCY_CODES,
  VersionStatus,
  otherCurrency,
  type VersionAction,
} from '../../shared/version-status';
import { isClientOnly } from '../../shared/permissions';
import { getCompanyConfiguration, type CompanyConfiguration } from '../configurations';
import { readPlanAccounts } from './plan-accounts';
import {
  checkApprovable,
  checkPlanFigures,
  findPlanRate,
  missingRateMessage,
  sumAggregates,
  companyToday,
} from './figures';
import type { VersionView, PlanRate } from './replies/plans';
import { versionView, loadVersionInScope, illegalTransition } from './scope';
import { changeHeader } from './versions';
import { currentPricing } from './reads';

/**
 * The approval lifecycle of a version (shared/version-status.ts): Submit, Approve (fixing the
 * exchange rate and pricing), Reject, and the client's sign-off or decline.
 */

/** The version is in the status `action` starts from, and the caller read the current version. */
function checkTransition(m: PlanVersion, action: VersionAction, version: number | undefined): void {
  if (!ACTION_FROM[action].includes(m.Status)) throw illegalTransition(action, m.Status);
  if (version !== undefined && version !== m.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
}

const stamp = (m: PlanVersion, caller: UserProfile, at: string, changes: Partial<PlanVersion>): PlanVersion => ({
  ...m,
  ...changes,
  version: m.version + 1,
  updatedAt: at,
  updatedBy: caller.email,
});

/**
 * SubmitMediaMix: Draft → Submitted, by agency staff; the version needs at least one line.
 * (1) lock the lines (no one-write change after this), (2) read the header and the lines again and
 * set the header's aggregates from them (a one-write change does not ADD to them), (3) the header
 * from the version read. A change on the full path between (1) and (3) bumps the header's version,
 * so (3) fails as stale and the version stays a Draft (its locked lines still change, on the full
 * path, which unlocks them again).
 * A version whose net media exceeds its activity's budget goes only when the request confirms it
 * (`confirmOverBudget`: 409 OVER_BUDGET_UNCONFIRMED naming the amount otherwise,
 * checked before the lock so a refusal changes nothing, and again on the locked lines); the
 * version records the confirmation (OverBudgetConfirmed: who, by how much, when).
 */
export async function submitVersion(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof submitVersionInput>,
  store: MediaPlanStore = planStore,
): Promise<VersionView> {
  const companyId = caller.companyId;
  const first = await loadVersionInScope(caller, scopeAccountId, input.mediaMixId, true, store);
  checkTransition(first, 'submit', input.version);
  // An archived account's plan is refused before its lines are locked (the archive locked them already).
  const { activity, accounts } = await readPlanAccounts(companyId, first.ActivityId, store);
  // A line stored before the money limits is out of range: never submit a version nobody could read
  // (checked before the lock, so a refusal changes nothing; later one-write changes are checked as written).
  const read = (await store.versionWithLines(companyId, first.ID, true))?.lines ?? [];
  checkPlanFigures(read, `Version ${first.Version} has lines out of range; change them before submitting`);
  const currency = CURRENCY_CODES[accounts[0].Currency];
  requireBudgetConfirmation(
    first,
    sumAggregates(read).NetMinor,
    activity.BudgetMinor,
    currency,
    input.confirmOverBudget,
  );
  await store.lockLines(companyId, first.ID);
  const planVersion = await store.versionWithLines(companyId, first.ID, true);
  if (!planVersion)
    throw new NotFoundError(`Media mix ${first.ID} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: first.ID });
  const before = planVersion.header;
  checkTransition(before, 'submit', input.version);
  const aggregates = sumAggregates(planVersion.lines);
  if (aggregates.LineCount < 1)
    throw new ConflictError(
      `Version ${before.Version} has no lines; add at least one line before submitting it`,
      'PLAN_NO_LINES',
      { version: before.Version },
    );
  const overBy = requireBudgetConfirmation(
    before,
    aggregates.NetMinor,
    activity.BudgetMinor,
    currency,
    input.confirmOverBudget,
  );
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, {
    Status: VersionStatus.Submitted,
    SubmittedBy: caller.email,
    SubmittedAt: at,
    ...aggregates,
    OverBudgetConfirmed: overBy > 0 ? { By: caller.email, OverBy: minorToNumber(overBy), At: at } : null,
  });
  await changeHeader(store, caller, scopeAccountId, {
    before,
    after,
    write: 'submitVersion',
    expectStatus: VersionStatus.Draft,
    action: 'submit',
    lines: planVersion.lines,
  });
  return versionView(after);
}

/**
 * The net media against the activity's budget (shared/budget-check.ts, the console's rule too): over
 * it without the submitter's confirmation is 409 OVER_BUDGET_UNCONFIRMED naming the amount. Answers
 * the amount over (0 within the budget).
 */
function requireBudgetConfirmation(
  m: PlanVersion,
  netMinor: number,
  budgetMinor: number,
  currency: string,
  confirmed: boolean | undefined,
): number {
  const { overBy } = checkBudget(netMinor, budgetMinor);
  if (overBy > 0 && !confirmed) {
    const amount = formatMinor(overBy);
    const budget = formatMinor(budgetMinor);
    throw new ConflictError(
      `Version ${m.Version}'s net media is over the activity budget (${budget} ${currency}) by ${amount} ${currency}; confirm to submit it anyway`,
      'OVER_BUDGET_UNCONFIRMED',
      { version: m.Version, amount, budget, currency },
    );
  }
  return overBy;
}

/** What an approval reads besides the plan, both fresh: the company's settings and the exchange rate of a day. */
export interface ApprovalTerms {
  configuration(companyId: number): Promise<CompanyConfiguration>;
  planRate(companyId: number, currency: 1 | 2, date: string): Promise<PlanRate | null>;
}

const liveApprovalTerms: ApprovalTerms = {
  configuration: (companyId) => getCompanyConfiguration(companyId, true),
  planRate: findPlanRate,
};

/**
 * ApproveMediaMix: Submitted → Approved, by a MediaPlanApprover. Fixes, on the version, the exchange
 * rate of the approval date (account currency ↔ the other one; none → 409 naming the pair and the
 * date) and the pricing (VAT, fees, the account's VAT flag and currency), so the approved figures
 * never change afterwards. The version becomes the activity's latest approved one.
 */
export async function approveVersion(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof versionTransition>,
  store: MediaPlanStore = planStore,
  terms: ApprovalTerms = liveApprovalTerms,
): Promise<VersionView> {
  const companyId = caller.companyId;
  const [before, config, planVersion] = await Promise.all([
    loadVersionInScope(caller, scopeAccountId, input.mediaMixId, true, store),
    terms.configuration(companyId),
    store.versionWithLines(companyId, input.mediaMixId, true),
  ]);
  checkTransition(before, 'approve', input.version);
  requireAnotherApprover(config, before, caller);
  const main = await store.account(companyId, before.AccountId, true);
  if (!main)
    throw new NotFoundError(`Account ${before.AccountId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: before.AccountId,
    });
  // The company's day: an approval at 00:30 Israel time fixes that day's rate, not UTC's yesterday's.
  const date = companyToday(config);
  const rate = await terms.planRate(companyId, main.Currency, date);
  if (!rate)
    throw new ConflictError(
      `${missingRateMessage(main.Currency, date)}; add one under Exchange rates and approve again`,
      'RATE_MISSING',
      { from: CURRENCY_CODES[main.Currency], to: CURRENCY_CODES[otherCurrency(main.Currency)], date },
    );
  // The approval fixes the rate: its converted totals must be computable before it is written (409 naming the rate).
  checkApprovable(before, currentPricing(main, config), rate);
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, {
    Status: VersionStatus.Approved,
    ApprovedBy: caller.email,
    ApprovedAt: at,
    ExchangeRate: rate.Rate,
    ExchangeRateFrom: rate.From,
    ExchangeRateTo: rate.To,
    ExchangeRateDate: rate.Date,
    Pricing: currentPricing(main, config),
  });
  await changeHeader(store, caller, scopeAccountId, {
    before,
    after,
    write: 'approveVersion',
    expectStatus: VersionStatus.Submitted,
    action: 'approve',
    lines: planVersion?.lines ?? [],
  });
  // The first approved plan moves its Draft activity to Planned (and on, if its dates have come) at once,
  // after the approval committed; the hourly schedule catches whatever this misses.
  if (store === planStore) {
    await scheduleActivity(companyId, before.ActivityId).catch((err) =>
      log.warn('activity schedule after approval failed', { ...errorFields(err), activityId: before.ActivityId }),
    );
  }
  return versionView(after);
}

/**
 * Four eyes: with the company's ApproverMustDifferFromSubmitter (default on) the user
 * who submitted a version cannot approve it — another MediaPlanApprover does. Rejecting one's own
 * submission stays allowed: it approves nothing, it only sends the version back to planning.
 */
function requireAnotherApprover(config: CompanyConfiguration, m: PlanVersion, caller: UserProfile): void {
  if (!config.ApproverMustDifferFromSubmitter || !m.SubmittedBy) return;
  if (m.SubmittedBy.toLowerCase() === caller.email.toLowerCase()) {
    throw new ForbiddenError(
      `You submitted version ${m.Version}, so another media plan approver must approve it (company setting "Approver must differ from submitter")`,
      'APPROVER_IS_SUBMITTER',
      { version: m.Version },
    );
  }
}

/** RejectMediaMix: Submitted → Rejected with a reason, by a MediaPlanApprover; the planner answers with a new version. */
export async function rejectVersionFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof rejectVersion>,
  store: MediaPlanStore = planStore,
): Promise<VersionView> {
  const before = await loadVersionInScope(caller, scopeAccountId, input.mediaMixId, true, store);
  checkTransition(before, 'reject', input.version);
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, {
    Status: VersionStatus.Rejected,
    RejectedBy: caller.email,
    RejectedAt: at,
    RejectReason: input.reason,
  });
  await changeHeader(store, caller, scopeAccountId, {
    before,
    after,
    write: 'rejectVersion',
    expectStatus: VersionStatus.Submitted,
    action: 'reject',
  });
  return versionView(after);
}

/**
 * ClientSignOff / ClientDecline: a client user of the account answers an Approved version (it stays
 * Approved). Only client-only users (ClientZone and nothing else): agency staff approve with
 * ApproveMediaMix instead. Only the activity's latest approved version can be answered; a signed-off
 * version is final, a declined one can still be signed off (the client changed their mind).
 */
async function clientAnswer(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  action: 'sign off' | 'decline',
  changes: (at: string) => Partial<PlanVersion>,
): Promise<VersionView> {
  if (!isClientOnly(caller.permissions)) {
    throw new ForbiddenError(
      'Required permission missing: only client users of this account sign off or decline a plan; agency staff approve it',
      'CLIENT_ANSWER_ONLY',
    );
  }
  const before = await loadVersionInScope(caller, scopeAccountId, versionId, true, store);
  checkTransition(before, action, undefined);
  if (before.ClientApprovedAt) {
    throw new ConflictError(
      `Version ${before.Version} was already signed off by ${before.ClientApprovedBy} on ${before.ClientApprovedAt.slice(0, 10)}`,
      'PLAN_ALREADY_SIGNED',
      { version: before.Version, by: before.ClientApprovedBy ?? '', date: before.ClientApprovedAt.slice(0, 10) },
    );
  }
  const at = new Date().toISOString();
  const after = stamp(before, caller, at, changes(at));
  await changeHeader(store, caller, scopeAccountId, {
    before,
    after,
    write: 'answerAsClient',
    expectStatus: VersionStatus.Approved,
    action,
    planChanged: async () => {
      const plan = await store.plan(caller.companyId, before.ActivityId, true);
      return new ConflictError(
        `Version ${before.Version} was replaced by version ${plan?.ApprovedVersion ?? 'a newer one'}; answer the latest approved version`,
        'PLAN_VERSION_REPLACED',
        { version: before.Version, latest: plan?.ApprovedVersion ?? '' },
      );
    },
  });
  return versionView(after);
}

export const clientSignOff = (
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  store: MediaPlanStore = planStore,
) =>
  clientAnswer(store, caller, scopeAccountId, versionId, 'sign off', (at) => ({
    ClientApprovedBy: caller.email,
    ClientApprovedAt: at,
    ClientDeclinedBy: null,
    ClientDeclinedAt: null,
    ClientDeclinedComment: null,
  }));

export const clientDeclineFor = (
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof clientDecline>,
  store: MediaPlanStore = planStore,
) =>
  clientAnswer(store, caller, scopeAccountId, input.mediaMixId, 'decline', (at) => ({
    ClientDeclinedBy: caller.email,
    ClientDeclinedAt: at,
    ClientDeclinedComment: input.comment,
  }));
