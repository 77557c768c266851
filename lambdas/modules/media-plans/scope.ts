import { ConflictError, ForbiddenError, NotFoundError, STALE_VERSION_MESSAGE } from '../../core/errors';
import type { Account } from '../tenancy';
import type { Activity } from '../activities';
import type { PlanLine, PlanVersion, PlanReads } from './store';
import { planStore } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import {
  illegalTransitionMessage,
  MEDIA_MIX_STATUS_NAMES,
  VersionStatus,
  type VersionAction,
} from '../../shared/version-status';
import { isClientOnly } from '../../shared/permissions';
import type { LineView, VersionView } from './replies/plans';
import { activityRefusal, type DatesToCover } from './write-rules';

/**
 * What every media plan route checks first (shared by the versions, lines and templates code): the
 * views a reply shows, that a mix, line or activity belongs to the page's account (403 otherwise,
 * 404 for what a client-only user may not see), that a version is still a Draft, and, when a write's
 * condition failed, the read that says why (the version moved on or left Draft; the activity went,
 * moved or no longer spans the line's dates).
 */

export function versionView(m: PlanVersion): VersionView {
  const {
    PendingApplies: _p,
    NetMinor: _n,
    ManagementFeeMinor: _m,
    SystemFeeMinor: _s,
    ImageCreatives: _i,
    VideoCreatives: _v,
    ...rest
  } = m;
  return { ...rest, StatusName: MEDIA_MIX_STATUS_NAMES[m.Status] };
}

export function lineView(l: PlanLine): LineView {
  const { BudgetMinor: _b, ApplyId: _a, ...rest } = l;
  return rest;
}

/** The main account behind the page's account (the plan's currency and VAT are the main account's). */
export async function mainAccountOf(
  companyId: number,
  scopeAccountId: number,
  consistent = false,
  store: PlanReads = planStore,
): Promise<Account> {
  const account = await store.account(companyId, scopeAccountId, consistent);
  if (!account)
    throw new NotFoundError(`Account ${scopeAccountId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: scopeAccountId,
    });
  if (account.ParentId === null) return account;
  const main = await store.account(companyId, account.ParentId, consistent);
  if (!main)
    throw new NotFoundError(`Account ${account.ParentId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: account.ParentId ?? '',
    });
  return main;
}

/** An activity of the page: booked on the page's main account or on the page's sub-account. */
export async function loadActivityInScope(
  caller: UserProfile,
  scopeAccountId: number,
  activityId: number,
  consistent = false,
  store: PlanReads = planStore,
): Promise<Activity> {
  const a = await store.activity(caller.companyId, activityId, consistent);
  if (!a)
    throw new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', {
      entity: 'Activity',
      id: activityId,
    });
  if (a.AccountId !== scopeAccountId && a.SubAccountId !== scopeAccountId) {
    throw new ForbiddenError(`Activity ${activityId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
      entity: 'Activity',
      id: activityId,
      accountId: scopeAccountId,
    });
  }
  return a;
}

/**
 * The mix belongs to the page (its main account, or the sub-account its activity is booked on), and
 * a client-only caller may see it (Approved only; anything else is "not found" to them).
 */
export async function checkVersionScope(
  caller: UserProfile,
  scopeAccountId: number,
  header: Pick<PlanVersion, 'ID' | 'AccountId' | 'ActivityId' | 'Status'>,
  store: PlanReads = planStore,
  /** The version's activity when the caller has read it already (a sub-account's page then reads it once). */
  known?: Activity,
): Promise<void> {
  if (header.AccountId !== scopeAccountId) {
    const activity =
      known?.ID === header.ActivityId ? known : await store.activity(caller.companyId, header.ActivityId);
    if (!activity || activity.SubAccountId !== scopeAccountId || activity.AccountId !== header.AccountId) {
      throw new ForbiddenError(`Media mix ${header.ID} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
        entity: 'MediaMix',
        id: header.ID,
        accountId: scopeAccountId,
      });
    }
  }
  if (isClientOnly(caller.permissions) && header.Status !== VersionStatus.Approved) {
    throw new NotFoundError(`Media mix ${header.ID} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: header.ID });
  }
}

export async function loadVersionInScope(
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  consistent = false,
  store: PlanReads = planStore,
): Promise<PlanVersion> {
  const header = await store.header(caller.companyId, versionId, consistent);
  if (!header)
    throw new NotFoundError(`Media mix ${versionId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: versionId });
  await checkVersionScope(caller, scopeAccountId, header, store);
  return header;
}

/** Only a Draft changes; the 409 says why not and what to do instead. */
export function notDraftError(m: Pick<PlanVersion, 'Version' | 'Status'>): ConflictError | undefined {
  switch (m.Status) {
    case VersionStatus.Draft:
      return undefined;
    case VersionStatus.Submitted:
      return new ConflictError(
        `Version ${m.Version} is Submitted; it cannot change until it is approved or rejected`,
        'PLAN_SUBMITTED',
        { version: m.Version },
      );
    default:
      return new ConflictError(
        `Version ${m.Version} is ${MEDIA_MIX_STATUS_NAMES[m.Status]}; create a new version to change it`,
        'PLAN_NOT_DRAFT',
        { version: m.Version, status: MEDIA_MIX_STATUS_NAMES[m.Status] },
      );
  }
}

export const editableMessage = (m: Pick<PlanVersion, 'Version' | 'Status'>): string | undefined =>
  notDraftError(m)?.message;

export function requireDraft(m: Pick<PlanVersion, 'Version' | 'Status'>): void {
  const refused = notDraftError(m);
  if (refused) throw refused;
}

/** The 409 of an action the version's status does not allow ("Cannot approve a Draft version…"). */
export const illegalTransition = (action: VersionAction, status: VersionStatus) =>
  new ConflictError(illegalTransitionMessage(action, status), 'PLAN_ACTION_NOT_ALLOWED', {
    action,
    status: MEDIA_MIX_STATUS_NAMES[status],
  });

/**
 * Why a header condition failed (VersionChanged: the version moved on, or is no longer a Draft):
 * read it again and say which. `expectStatus` is the status the write needed.
 */
export async function explainHeader(
  store: PlanReads,
  companyId: number,
  versionId: number,
  expectStatus: VersionStatus,
  action?: VersionAction,
): Promise<Error> {
  const now = await store.header(companyId, versionId, true);
  if (!now)
    return new NotFoundError(`Media mix ${versionId} was not found`, 'NOT_FOUND', {
      entity: 'MediaMix',
      id: versionId,
    });
  if (now.Status !== expectStatus) {
    return action
      ? illegalTransition(action, now.Status)
      : (notDraftError(now) ?? new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'));
  }
  return new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
}

/** Why the activity's facts changed (ActivityChanged): the activity rule on a fresh read — gone, another account's, deleted, or (for a line) its dates. */
export async function explainActivity(
  store: PlanReads,
  companyId: number,
  scopeAccountId: number,
  activityId: number,
  dates?: DatesToCover,
): Promise<Error> {
  const a = await store.activity(companyId, activityId, true);
  return (
    activityRefusal(a, activityId, scopeAccountId, dates) ?? new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION')
  );
}
