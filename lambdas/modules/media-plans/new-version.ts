import { ConflictError, NotFoundError } from '../../core/errors';
import type { PlanLine, PlanVersion, MediaPlanStore, ActivityPlan, VersionWithLines, PlanReads } from './store';
import { MEDIA_CHANNEL_ENTITY, MEDIA_MIX_ENTITY } from './store/items';
import type { UserProfile } from '../tenancy';
import { ACTION_FROM, VersionStatus } from '../../shared/version-status';
import { readPlanAccounts } from './plan-accounts';
import { explained } from './write-errors';
import { planWriteGuards } from './write-rules';
import { sumAggregates } from './figures';
import { lineSpan } from './header-change';
import type { VersionView } from './replies/plans';
import { versionView, checkVersionScope, illegalTransition, explainActivity } from './scope';

/** A new version's header and the steps that open one (CreateMediaMixVersion, the import). */

export function newHeader(
  fields: Pick<PlanVersion, 'ID' | 'ActivityId' | 'AccountId' | 'Version' | 'Name' | 'SourceMixId'>,
  who: string,
  at: string,
): PlanVersion {
  return {
    ...fields,
    Status: VersionStatus.Draft,
    SubmittedBy: null,
    SubmittedAt: null,
    ApprovedBy: null,
    ApprovedAt: null,
    RejectedBy: null,
    RejectedAt: null,
    RejectReason: null,
    ClientApprovedBy: null,
    ClientApprovedAt: null,
    ClientDeclinedBy: null,
    ClientDeclinedAt: null,
    ClientDeclinedComment: null,
    ExchangeRate: null,
    ExchangeRateFrom: null,
    ExchangeRateTo: null,
    ExchangeRateDate: null,
    Pricing: null,
    NetMinor: 0,
    ManagementFeeMinor: 0,
    SystemFeeMinor: 0,
    ImageCreatives: 0,
    VideoCreatives: 0,
    LineCount: 0,
    version: 1,
    createdAt: at,
    createdBy: who,
    updatedAt: at,
    updatedBy: who,
  };
}

/** What a new version starts from: the version it follows (with its live lines) and the plan, checked. */
export interface VersionBase {
  source: VersionWithLines;
  plan: ActivityPlan;
}

/**
 * The checks a new version passes before anything is read for it: the version it follows is on the
 * page (scope), Approved or Rejected, and the plan has no open (Draft or Submitted) version.
 */
export async function versionBase(
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  store: PlanReads,
): Promise<VersionBase> {
  const companyId = caller.companyId;
  const source = await store.versionWithLines(companyId, versionId, true);
  if (!source)
    throw new NotFoundError(`Media mix ${versionId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: versionId });
  const src = source.header;
  await checkVersionScope(caller, scopeAccountId, src, store);
  if (!ACTION_FROM.copy.includes(src.Status)) throw illegalTransition('copy', src.Status);
  const plan = await store.plan(companyId, src.ActivityId, true);
  if (!plan)
    throw new NotFoundError(`Activity ${src.ActivityId} has no media plan`, 'NOT_FOUND', {
      entity: 'MediaPlan',
      id: src.ActivityId,
    });
  if (plan.OpenMixId) throw await explainOpen(store, companyId, src.ActivityId);
  return { source, plan };
}

/** The lines of a new version, made once its id and their ids are known. */
export interface NewVersionLines {
  count: number;
  build(versionId: number, lineIds: number[], at: string): PlanLine[];
  /** The lines' dates are new (an import): the activity must run around them until the commit. */
  datesChanged?: boolean;
  /** Added to the audit entry's after-image. */
  audit?: Record<string, unknown>;
}

/**
 * Writes a new Draft (Version = latest + 1) after `base` with `lines`, its header's aggregates
 * summed from them, all or nothing (modules/media-plans/store/operations.ts copyVersion: the plan's
 * counter and "nothing open" re-checked at commit, a large version staged).
 */
export async function openNewVersion(
  caller: UserProfile,
  scopeAccountId: number,
  base: VersionBase,
  lines: NewVersionLines,
  store: MediaPlanStore,
): Promise<VersionView> {
  const companyId = caller.companyId;
  const { source, plan } = base;
  const src = source.header;
  const read = await readPlanAccounts(companyId, src.ActivityId, store);
  planWriteGuards(read, scopeAccountId); // refused before any id is taken (the lines' span is checked below)
  const at = new Date().toISOString();
  const [[id], lineIds] = await Promise.all([
    store.newIds(companyId, MEDIA_MIX_ENTITY, 1),
    store.newIds(companyId, MEDIA_CHANNEL_ENTITY, lines.count),
  ]);
  const built = lines.build(id, lineIds, at); // their figures checked by the caller (the copy: the source's; the import: each row's)
  const span = lines.datesChanged && built.length ? lineSpan(built) : undefined;
  const guards = planWriteGuards(read, scopeAccountId, span && { ...span, field: 'lines' });
  const version = plan.LatestVersion + 1;
  const header: PlanVersion = {
    ...newHeader(
      {
        ID: id,
        ActivityId: src.ActivityId,
        AccountId: src.AccountId,
        Version: version,
        Name: src.Name,
        SourceMixId: src.ID,
      },
      caller.email,
      at,
    ),
    ...sumAggregates(built),
  };
  await explained(
    () =>
      store.copyVersion({
        companyId,
        header,
        lines: built,
        latestVersion: plan.LatestVersion,
        guards,
        audit: {
          before: null,
          after: {
            ...versionView(header),
            CopiedFromMixId: src.ID,
            CopiedFromVersion: src.Version,
            LineIds: lineIds,
            ...lines.audit,
          },
        },
      }),
    {
      accounts: read.accounts,
      plan: () => explainOpen(store, companyId, src.ActivityId),
      activity: () =>
        explainActivity(store, companyId, scopeAccountId, src.ActivityId, span && { ...span, field: 'lines' }),
    },
  );
  return versionView(header);
}

/** Why a new version could not open: another one is open (its state named), or the counter moved on. */
export async function explainOpen(store: PlanReads, companyId: number, activityId: number): Promise<Error> {
  const plan = await store.plan(companyId, activityId, true);
  if (plan?.OpenMixId) {
    const open = await store.header(companyId, plan.OpenMixId, true);
    if (open?.Status === VersionStatus.Submitted) {
      return new ConflictError(
        `Version ${open.Version} is Submitted; approve or reject it before starting a new version`,
        'PLAN_SUBMITTED_OPEN',
        { version: open.Version },
      );
    }
    return new ConflictError(
      `Version ${plan.OpenVersion} is a Draft already; change it instead of starting another (one Draft at a time)`,
      'PLAN_DRAFT_OPEN',
      { version: plan.OpenVersion ?? '' },
    );
  }
  return new ConflictError('Someone started a new version of this plan meanwhile; reload it', 'STALE_VERSION');
}
