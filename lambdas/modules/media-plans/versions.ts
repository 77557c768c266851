import type { output } from 'zod/mini';
import { ConflictError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import type { PlanVersion, MediaPlanStore } from './store';
import { planStore } from './store.dynamodb';
import { MEDIA_MIX_ENTITY } from './store/items';
import type { UserProfile } from '../tenancy';
import type { saveVersion } from './schemas/plans';
import { VersionStatus } from '../../shared/version-status';
import { readPlanAccounts } from './plan-accounts';
import { explained } from './write-errors';
import { planWriteGuards } from './write-rules';
import { checkPlanFigures } from './figures';
import type { VersionView } from './replies/plans';
import { versionView, loadActivityInScope, loadVersionInScope, requireDraft, explainActivity } from './scope';
import { changeHeader } from './header-change';
import { newHeader, openNewVersion, versionBase } from './new-version';

/** The lifecycle and the import reach these through this file. */
export { changeHeader };
export { explainOpen, openNewVersion, versionBase, type VersionBase } from './new-version';

/**
 * Starting a plan, renaming a Draft and copying a version into a new Draft (SaveMediaMix,
 * CreateMediaMixVersion). `changeHeader`, the one header write every lifecycle step uses, is in
 * header-change.ts; opening a new version in new-version.ts.
 */

/**
 * SaveMediaMix: ID ≤ 0 starts the activity's plan (version 1, Draft) when it has none; ID > 0
 * renames a Draft from the version read.
 */
export async function saveVersionFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof saveVersion>,
  store: MediaPlanStore = planStore,
): Promise<VersionView> {
  const m = input.mediaMix;
  return m.ID <= 0 ? startPlan(caller, scopeAccountId, m, store) : renameDraft(caller, scopeAccountId, m, store);
}

type VersionInput = output<typeof saveVersion>['mediaMix'];

/** Version 1 of the activity's plan, a Draft, when the activity has no plan yet. */
async function startPlan(
  caller: UserProfile,
  scopeAccountId: number,
  m: VersionInput,
  store: MediaPlanStore,
): Promise<VersionView> {
  const companyId = caller.companyId;
  const at = new Date().toISOString();
  const activity = await loadActivityInScope(caller, scopeAccountId, m.ActivityId, true, store);
  if (activity.Archived)
    throw new ConflictError(`Activity ${activity.ID} is deleted; restore it before planning it`, 'ACTIVITY_DELETED', {
      activityId: activity.ID,
    });
  const [existing, read] = await Promise.all([
    store.plan(companyId, activity.ID, true),
    readPlanAccounts(companyId, activity.ID, store),
  ]);
  if (existing) throw planExists(activity.ID, existing.LatestVersion);
  const guards = planWriteGuards(read, scopeAccountId);
  const [id] = await store.newIds(companyId, MEDIA_MIX_ENTITY, 1);
  const header = newHeader(
    { ID: id, ActivityId: activity.ID, AccountId: activity.AccountId, Version: 1, Name: m.Name, SourceMixId: null },
    caller.email,
    at,
  );
  await explained(
    () =>
      store.createPlan({
        companyId,
        header,
        guards,
        audit: { before: null, after: versionView(header) },
        plan: {
          ActivityId: activity.ID,
          AccountId: activity.AccountId,
          LatestVersion: 1,
          OpenMixId: header.ID,
          OpenVersion: 1,
          ApprovedMixId: null,
          ApprovedVersion: null,
        },
      }),
    {
      accounts: read.accounts,
      exists: () => planExists(activity.ID),
      activity: () => explainActivity(store, companyId, scopeAccountId, activity.ID),
    },
  );
  return versionView(header);
}

/** A Draft's new name, from the version read. */
async function renameDraft(
  caller: UserProfile,
  scopeAccountId: number,
  m: VersionInput,
  store: MediaPlanStore,
): Promise<VersionView> {
  const at = new Date().toISOString();
  const before = await loadVersionInScope(caller, scopeAccountId, m.ID, true, store);
  if (m.ActivityId !== before.ActivityId) {
    throw new ValidationError(
      `mediaMix.ActivityId: media mix ${before.ID} belongs to activity ${before.ActivityId}; a version cannot move to another activity`,
      'FIELD_CANNOT_CHANGE',
      { field: 'mediaMix.ActivityId' },
    );
  }
  requireDraft(before);
  if (m.version === undefined)
    throw new ValidationError(
      'mediaMix.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'mediaMix.version' },
    );
  if (m.version !== before.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  const after: PlanVersion = {
    ...before,
    Name: m.Name,
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  await changeHeader(store, caller, scopeAccountId, {
    before,
    after,
    write: 'renameDraft',
    expectStatus: VersionStatus.Draft,
  });
  return versionView(after);
}

const planExists = (activityId: number, latest?: number) =>
  new ConflictError(
    `Activity ${activityId} already has a media plan${latest ? ` (latest version ${latest})` : ''}; open it, or create a new version from an approved or rejected one`,
    'PLAN_EXISTS',
    { activityId },
  );

/**
 * CreateMediaMixVersion: a new Draft (Version = latest + 1) copied from an Approved or Rejected
 * version — its name and every live line (new ids; SourceLineId names the line copied). Only one
 * Draft-or-Submitted version per activity at a time. A large plan's lines are written before the
 * header that makes them visible (modules/media-plans/store/staged-writes.ts writeLinesWithCommit).
 */
export async function createNextVersion(
  caller: UserProfile,
  scopeAccountId: number,
  versionId: number,
  store: MediaPlanStore = planStore,
): Promise<VersionView> {
  const base = await versionBase(caller, scopeAccountId, versionId, store);
  const { header: src, lines } = base.source;
  checkPlanFigures(
    lines,
    `Version ${src.Version} has lines out of range (stored before the money limits); they cannot be copied`,
  );
  return openNewVersion(
    caller,
    scopeAccountId,
    base,
    {
      count: lines.length,
      build: (id, lineIds, at) =>
        lines.map((l, i) => {
          const { ApplyId: _a, ...rest } = l;
          return {
            ...rest,
            ID: lineIds[i],
            MediaMixId: id,
            SourceLineId: l.ID,
            version: 1,
            createdAt: at,
            createdBy: caller.email,
            updatedAt: at,
            updatedBy: caller.email,
          };
        }),
    },
    store,
  );
}
