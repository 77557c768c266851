import { auditPut } from '../../audit';
import { AccountArchived, ActivityChanged, LineChanged, PlanChanged, PlanExists, VersionChanged } from './conflicts';
import { headerItem, MEDIA_CHANNEL_ENTITY, MEDIA_MIX_ENTITY, versionKeys, PLAN_ENTITY } from './items';
import type {
  AuditRecord,
  HeaderChange,
  LineEdit,
  PlanVersion,
  PlanStart,
  PlanWriteGuards,
  TemplateApplication,
  VersionCopy,
} from '../store';
import { writeLinesWithCommit } from './staged-writes';
import {
  accountActiveCheck,
  activityCheck,
  archiveLineItems,
  headerLineChange,
  linePutFromVersion,
  linePutNew,
  planItems,
  putFromVersion,
  putNew,
} from './writes';
import { transactWrite, type NamedWrite, type TransactItem } from '../../../aws/dynamodb/transaction';
import { markDashboardStale } from '../../../aws/dynamodb/dashboard-stamp';
import { VersionStatus } from '../../../shared/version-status';

/**
 * The media plan store's writes on DynamoDB (the interface: ../store.ts; the store: ../store.dynamodb.ts; its
 * in-memory twin: test/support/memory-media-plan-store.ts). Each is ONE transaction (staged past 100 items) of the
 * change, its audit entry and the re-checks of the facts the domain decided on; a failed condition
 * throws the typed error naming that fact (media-plan-conflicts.ts), in the order the items are listed:
 * the header first, then the activity, the plan item, the lines, and the accounts.
 */

/** The activity and account re-checks every plan write carries. */
function guardWrites(companyId: number, g: PlanWriteGuards): { activity: NamedWrite; accounts: NamedWrite[] } {
  return {
    activity: { item: activityCheck(companyId, g.activity), conflict: new ActivityChanged() },
    accounts: g.activeAccounts.map((id) => ({
      item: accountActiveCheck(companyId, id),
      conflict: new AccountArchived(id),
    })),
  };
}

const versionAudit = (
  companyId: number,
  m: Pick<PlanVersion, 'ID'>,
  action: 'create' | 'update',
  who: string,
  at: string,
  audit: AuditRecord,
): TransactItem =>
  auditPut({
    companyId,
    who,
    entity: MEDIA_MIX_ENTITY,
    id: m.ID,
    action,
    before: audit.before,
    after: audit.after,
    at,
  });

/** The activity's plan and its first version. PlanExists when the activity has a plan already. */
export async function createPlan(w: PlanStart): Promise<void> {
  const { companyId, header } = w;
  const guards = guardWrites(companyId, w.guards);
  await transactWrite([
    {
      item: putNew({ ...versionKeys.plan(companyId, w.plan.ActivityId), entity: PLAN_ENTITY, ...w.plan }),
      conflict: new PlanExists(),
    },
    putNew(headerItem(companyId, header)),
    guards.activity,
    versionAudit(companyId, header, 'create', header.createdBy, header.createdAt, w.audit),
    ...guards.accounts,
  ]);
}

/** A new Draft with its lines, opened on the plan. PlanChanged when a version opened (or was numbered) meanwhile. */
export async function copyVersion(w: VersionCopy): Promise<void> {
  const { companyId, header } = w;
  const guards = guardWrites(companyId, w.guards);
  await writeLinesWithCommit(companyId, w.lines, () => [
    putNew(headerItem(companyId, header)),
    {
      item: planItems.open(companyId, header.ActivityId, w.latestVersion, header.ID, header.Version),
      conflict: new PlanChanged(),
    },
    guards.activity,
    versionAudit(companyId, header, 'create', header.createdBy, header.createdAt, w.audit),
    ...guards.accounts,
  ]);
}

/** A header replaced from the version read, with an optional condition on the plan item. VersionChanged, ActivityChanged, PlanChanged, AccountArchived. */
async function replaceHeader(w: HeaderChange, plan?: TransactItem): Promise<void> {
  const { companyId, before, after } = w;
  const guards = guardWrites(companyId, w.guards);
  await transactWrite([
    { item: putFromVersion(headerItem(companyId, after), before.version), conflict: new VersionChanged() },
    guards.activity,
    ...(plan ? [{ item: plan, conflict: new PlanChanged() }] : []),
    versionAudit(companyId, after, 'update', after.updatedBy, after.updatedAt, w.audit),
    ...guards.accounts,
  ]);
}

/** A Draft's own fields (its name) changed. */
export const renameDraft = (w: HeaderChange) => replaceHeader(w);

/** Draft → Submitted (the lines were locked first: lockPlanLines). */
export const submitVersion = (w: HeaderChange) => replaceHeader(w);

/** Submitted → Approved: the plan has nothing open and this is its latest approved version. PlanChanged when it was no longer the open one. */
export async function approveVersion(w: HeaderChange): Promise<void> {
  await replaceHeader(w, planItems.close(w.companyId, w.before.ActivityId, w.before.ID, { version: w.before.Version }));
  // The latest approved plan gives the dashboard its planned spend, fees and pacing.
  await markDashboardStale(w.companyId);
}

/** Submitted → Rejected: the plan has nothing open. */
export const rejectVersion = (w: HeaderChange) =>
  replaceHeader(w, planItems.close(w.companyId, w.before.ActivityId, w.before.ID));

/** A client's sign-off or decline of an Approved version: PlanChanged when it is no longer the latest approved one. */
export const answerAsClient = (w: HeaderChange) =>
  replaceHeader(w, planItems.latestApproved(w.companyId, w.before.ActivityId, w.before.ID));

/**
 * A line created, changed or deleted on the full path, with its header (the aggregates ADDed, the
 * version bumped, only while the version is a Draft: VersionChanged), the activity and account
 * re-checks and the audit entry. LineChanged when the line moved on since `before`.
 */
export async function saveLineEdit(w: LineEdit): Promise<void> {
  const { companyId, before, after } = w;
  const guards = guardWrites(companyId, w.guards);
  const action = !before ? 'create' : after.Archived && !before.Archived ? 'archive' : 'update';
  const lineWrites = !before
    ? linePutNew(companyId, after)
    : action === 'archive'
      ? archiveLineItems(companyId, before, after)
      : [linePutFromVersion(companyId, after, before.version)];
  await transactWrite([
    {
      item: headerLineChange(
        companyId,
        after.MediaMixId,
        w.delta,
        after.updatedBy,
        after.updatedAt,
        VersionStatus.Draft,
      ),
      conflict: new VersionChanged(),
    },
    guards.activity,
    ...lineWrites.map((item) => ({ item, conflict: new LineChanged() })),
    auditPut({
      companyId,
      who: after.updatedBy,
      entity: MEDIA_CHANNEL_ENTITY,
      id: after.ID,
      action,
      before: w.audit.before,
      after: w.audit.after,
      at: after.updatedAt,
    }),
    ...guards.accounts,
  ]);
}

/** New lines added to a Draft, all or nothing (staged past one transaction). VersionChanged when it is no longer a Draft. */
export async function applyTemplate(w: TemplateApplication): Promise<void> {
  const { companyId, versionId: versionId } = w;
  const guards = guardWrites(companyId, w.guards);
  await writeLinesWithCommit(
    companyId,
    w.lines,
    (staged) => [
      {
        item: headerLineChange(
          companyId,
          versionId,
          w.delta,
          w.who,
          w.at,
          VersionStatus.Draft,
          staged ? w.applyId : undefined,
        ),
        conflict: new VersionChanged(),
      },
      guards.activity,
      auditPut({
        companyId,
        who: w.who,
        entity: MEDIA_MIX_ENTITY,
        id: versionId,
        action: 'update',
        before: w.audit.before,
        after: w.audit.after,
        at: w.at,
      }),
      ...guards.accounts,
    ],
    { versionId: versionId, applyId: w.applyId, conflict: new VersionChanged() },
  );
}
