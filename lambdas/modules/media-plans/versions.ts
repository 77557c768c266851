import type { output } from 'zod/mini';
import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import type { Activity } from '../activities';
import {
  versionStore,
  MEDIA_CHANNEL_ENTITY,
  MEDIA_MIX_ENTITY,
  type HeaderWrites,
  type MediaChannel,
  type MediaMix,
  type MixPlan,
  type MixWithLines,
  type PlanReads,
  type VersionWrites,
} from './store/plan-store';
import type { UserProfile } from '../tenancy';
import type { saveMediaMix } from './schemas/plans';
import { ACTION_FROM, MediaMixStatus, type MediaMixAction } from '../../shared/media-mix-status';
import { readPlanAccounts } from './plan-accounts';
import { namedLines, strandedLines } from './plan-dates';
import { explained } from './write-errors';
import { planWriteGuards } from './write-rules';
import { checkPlanFigures, sumAggregates } from './figures';
import type { MediaMixView } from './replies/plans';
import {
  mixView,
  loadActivityInScope,
  checkMixScope,
  loadMixInScope,
  requireDraft,
  illegalTransition,
  explainHeader,
  explainActivity,
} from './scope';

/** What a version's writes read and write. */
export type VersionStore = PlanReads & VersionWrites;

/** What opening a new version reads and writes. */
export type VersionCopyStore = PlanReads & Pick<VersionWrites, 'copyVersion'>;

/** What a header change reads and writes (the lifecycle's steps). */
export type HeaderStore = PlanReads & HeaderWrites;

/**
 * Starting a plan, renaming a Draft and copying a version into a new Draft (SaveMediaMix,
 * CreateMediaMixVersion), and `changeHeader`, the one header write every lifecycle step uses.
 */

function newHeader(
  fields: Pick<MediaMix, 'ID' | 'ActivityId' | 'AccountId' | 'Version' | 'Name' | 'SourceMixId'>,
  who: string,
  at: string,
): MediaMix {
  return {
    ...fields,
    Status: MediaMixStatus.Draft,
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

/**
 * SaveMediaMix: ID ≤ 0 starts the activity's plan (version 1, Draft) when it has none; ID > 0
 * renames a Draft from the version read.
 */
export async function saveMediaMixFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof saveMediaMix>,
  store: VersionStore = versionStore,
): Promise<MediaMixView> {
  const m = input.mediaMix;
  const companyId = caller.companyId;
  const at = new Date().toISOString();
  if (m.ID <= 0) {
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
          audit: { before: null, after: mixView(header) },
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
    return mixView(header);
  }

  const before = await loadMixInScope(caller, scopeAccountId, m.ID, true, store);
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
  const after: MediaMix = {
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
    expectStatus: MediaMixStatus.Draft,
  });
  return mixView(after);
}

const planExists = (activityId: number, latest?: number) =>
  new ConflictError(
    `Activity ${activityId} already has a media plan${latest ? ` (latest version ${latest})` : ''}; open it, or create a new version from an approved or rejected one`,
    'PLAN_EXISTS',
    { activityId },
  );

/** A header change: the version as read and as it will be, the store's operation that writes it and the status it needs. */
export interface HeaderStep {
  before: MediaMix;
  after: MediaMix;
  write: 'renameDraft' | 'submitVersion' | 'approveVersion' | 'rejectVersion' | 'answerAsClient';
  expectStatus: MediaMixStatus;
  action?: MediaMixAction;
  /** The version's lines (Submit, Approve): none may lie outside the activity's dates, until the commit. */
  lines?: MediaChannel[];
  /** Why the plan item's condition failed (the step's own words; default: a reload 409). */
  planChanged?: () => Promise<Error>;
}

/**
 * Writes a header change from the version read, with its audit entry, all or nothing: the plan's
 * accounts must be Active and the activity the page's and not deleted (and, given the lines, around
 * them) — checked now and re-checked by the store at commit. A fact changed meanwhile is explained
 * by reading the state again.
 */
export async function changeHeader(
  store: HeaderStore,
  caller: UserProfile,
  scopeAccountId: number,
  step: HeaderStep,
): Promise<void> {
  const companyId = caller.companyId;
  const { before, after, lines, action } = step;
  const read = await readPlanAccounts(companyId, before.ActivityId, store);
  if (lines) requireLinesInside(before, read.activity, lines, action);
  const span = lines?.length ? lineSpan(lines) : undefined;
  const guards = planWriteGuards(read, scopeAccountId, span && { ...span, field: 'lines' });
  await explained(
    () =>
      store[step.write]({
        companyId,
        before,
        after,
        guards,
        audit: { before: mixView(before), after: mixView(after) },
      }),
    {
      accounts: read.accounts,
      version: () => explainHeader(store, companyId, before.ID, step.expectStatus, action),
      activity: async () => {
        const now = lines && (await store.activity(companyId, before.ActivityId, true));
        if (now && lines && strandedLines(now, lines).length) return strandedError(before, now, lines, action);
        return explainActivity(store, companyId, scopeAccountId, before.ActivityId);
      },
      plan: step.planChanged,
    },
  );
}

/** The first start and last end of a version's lines: the activity must run around them. */
const lineSpan = (lines: Pick<MediaChannel, 'StartDate' | 'EndDate'>[]) => ({
  start: lines.reduce((m, l) => (l.StartDate < m ? l.StartDate : m), lines[0].StartDate),
  end: lines.reduce((m, l) => (l.EndDate > m ? l.EndDate : m), lines[0].EndDate),
});

function strandedError(
  m: Pick<MediaMix, 'Version'>,
  a: Activity,
  lines: MediaChannel[],
  action?: MediaMixAction,
): ConflictError {
  const out = strandedLines(a, lines);
  const fix =
    action === 'approve'
      ? 'reject it so the planner can move them'
      : "move them inside the activity's dates (or change the activity's dates) first";
  return new ConflictError(
    `Version ${m.Version} has ${out.length === 1 ? 'a line' : `${out.length} lines`} outside the activity's dates ${a.StartDate} to ${a.EndDate}: ` +
      `${namedLines(out)}; ${fix}`,
    'PLAN_LINES_OUTSIDE_ACTIVITY',
    { version: m.Version, count: out.length, start: a.StartDate, end: a.EndDate, lines: namedLines(out) },
  );
}

/** Submit and Approve refuse a version with lines outside its activity's dates. */
function requireLinesInside(m: MediaMix, a: Activity, lines: MediaChannel[], action?: MediaMixAction): void {
  if (strandedLines(a, lines).length) throw strandedError(m, a, lines, action);
}

/** What a new version starts from: the version it follows (with its live lines) and the plan, checked. */
export interface VersionBase {
  source: MixWithLines;
  plan: MixPlan;
}

/**
 * The checks a new version passes before anything is read for it: the version it follows is on the
 * page (scope), Approved or Rejected, and the plan has no open (Draft or Submitted) version.
 */
export async function versionBase(
  caller: UserProfile,
  scopeAccountId: number,
  mixId: number,
  store: PlanReads,
): Promise<VersionBase> {
  const companyId = caller.companyId;
  const source = await store.mixWithLines(companyId, mixId, true);
  if (!source)
    throw new NotFoundError(`Media mix ${mixId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: mixId });
  const src = source.header;
  await checkMixScope(caller, scopeAccountId, src, store);
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
  build(mixId: number, lineIds: number[], at: string): MediaChannel[];
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
  store: VersionCopyStore,
): Promise<MediaMixView> {
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
  const header: MediaMix = {
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
            ...mixView(header),
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
  return mixView(header);
}

/**
 * CreateMediaMixVersion: a new Draft (Version = latest + 1) copied from an Approved or Rejected
 * version — its name and every live line (new ids; SourceLineId names the line copied). Only one
 * Draft-or-Submitted version per activity at a time. A large plan's lines are written before the
 * header that makes them visible (modules/media-plans/store/staged-writes.ts writeLinesWithCommit).
 */
export async function createMediaMixVersion(
  caller: UserProfile,
  scopeAccountId: number,
  mixId: number,
  store: VersionStore = versionStore,
): Promise<MediaMixView> {
  const base = await versionBase(caller, scopeAccountId, mixId, store);
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

/** Why a new version could not open: another one is open (its state named), or the counter moved on. */
export async function explainOpen(store: PlanReads, companyId: number, activityId: number): Promise<Error> {
  const plan = await store.plan(companyId, activityId, true);
  if (plan?.OpenMixId) {
    const open = await store.header(companyId, plan.OpenMixId, true);
    if (open?.Status === MediaMixStatus.Submitted) {
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
