import { VersionStatus } from '../../../shared/version-status';
import { companyPk, pad } from '../../../aws/dynamodb/keys';
import type { PlanVersion, PlanLine, ActivityPlan } from '../store';

export const MEDIA_MIX_ENTITY = 'MediaMix';
export const MEDIA_CHANNEL_ENTITY = 'MediaChannel';
export const PLAN_ENTITY = 'MediaMixPlan';
const LOCATOR_ENTITY = 'MediaChannelLocator';

/**
 * Key spelling (docs/table-design.md):
 * - one partition per mix, `C#<cid>#MIX#<mixId>`: the header `M`, the live lines `M#L#<lineId>`,
 *   archived (deleted) lines `X#L#<lineId>` — so ONE Query `begins_with(sk, 'M')` returns the
 *   header (first: it sorts before its lines) and every live line;
 * - the header on gsi1: `C#<cid>#MIXES#<activityId>` / `<version>` — the versions of an activity;
 * - the header on gsi2, where the version waits: while Submitted with the approvers,
 *   `C#<cid>#SUBMITTED` / `<SubmittedAt>#<mixId>` (the approvals inbox, oldest first), otherwise
 *   with its author, `C#<cid>#AUTHOR#<author>` / `<last status change>#<mixId>` ("My plans", newest
 *   first); the author is who submitted it, or, before that, who created it (lower-case e-mail);
 * - line locator `C#<cid>` / `MCHANNEL#<lineId>` → MediaMixId (calls that name only a channelId);
 * - plan `C#<cid>` / `MIXPLAN#<activityId>` (ActivityPlan).
 */
export const versionKeys = {
  partition: (companyId: number, versionId: number) => `${companyPk(companyId)}#MIX#${pad(versionId)}`,
  header: (companyId: number, versionId: number) => ({ pk: versionKeys.partition(companyId, versionId), sk: 'M' }),
  line: (companyId: number, versionId: number, lineId: number) => ({
    pk: versionKeys.partition(companyId, versionId),
    sk: `M#L#${pad(lineId)}`,
  }),
  archivedLine: (companyId: number, versionId: number, lineId: number) => ({
    pk: versionKeys.partition(companyId, versionId),
    sk: `X#L#${pad(lineId)}`,
  }),
  livePrefix: 'M',
  byActivityPk: (companyId: number, activityId: number) => `${companyPk(companyId)}#MIXES#${activityId}`,
  byActivitySk: (version: number) => pad(version),
  inboxPk: (companyId: number) => `${companyPk(companyId)}#SUBMITTED`,
  inboxSk: (submittedAt: string, versionId: number) => `${submittedAt}#${pad(versionId)}`,
  authorPk: (companyId: number, author: string) => `${companyPk(companyId)}#AUTHOR#${author}`,
  authorSk: (at: string, versionId: number) => `${at}#${pad(versionId)}`,
  locator: (companyId: number, lineId: number) => ({ pk: companyPk(companyId), sk: `MCHANNEL#${pad(lineId)}` }),
  plan: (companyId: number, activityId: number) => ({ pk: companyPk(companyId), sk: `MIXPLAN#${pad(activityId)}` }),
};

/** Internal header attribute: the version's author (lower-case e-mail), what "My plans" filters the inbox partition on. */
export const HEADER_AUTHOR = 'AuthorKey';

/** Who a version belongs to in "My plans": who submitted it, or, before that, who created it. */
export const authorOf = (m: Pick<PlanVersion, 'SubmittedBy' | 'createdBy'>): string =>
  (m.SubmittedBy ?? m.createdBy ?? '').trim().toLowerCase();

/** When the version last changed status (created, submitted, approved or rejected, answered by the client): "My plans" sorts by it. */
export function lastStatusChangeOf(
  m: Pick<
    PlanVersion,
    'createdAt' | 'SubmittedAt' | 'ApprovedAt' | 'RejectedAt' | 'ClientApprovedAt' | 'ClientDeclinedAt'
  >,
): string {
  return [m.createdAt, m.SubmittedAt, m.ApprovedAt, m.RejectedAt, m.ClientApprovedAt, m.ClientDeclinedAt]
    .filter((t): t is string => typeof t === 'string' && t !== '')
    .reduce((a, b) => (b > a ? b : a), '');
}

/** The header's gsi2 entry (docs/table-design.md): the inbox while Submitted, else its author's list. */
function waitingEntry(companyId: number, m: PlanVersion): { gsi2pk: string; gsi2sk: string } | Record<string, never> {
  if (m.Status === VersionStatus.Submitted && m.SubmittedAt) {
    return { gsi2pk: versionKeys.inboxPk(companyId), gsi2sk: versionKeys.inboxSk(m.SubmittedAt, m.ID) };
  }
  const author = authorOf(m);
  return author
    ? { gsi2pk: versionKeys.authorPk(companyId, author), gsi2sk: versionKeys.authorSk(lastStatusChangeOf(m), m.ID) }
    : {};
}

export function headerItem(companyId: number, m: PlanVersion) {
  const { PendingApplies, ...rest } = m;
  return {
    ...versionKeys.header(companyId, m.ID),
    gsi1pk: versionKeys.byActivityPk(companyId, m.ActivityId),
    gsi1sk: versionKeys.byActivitySk(m.Version),
    ...waitingEntry(companyId, m),
    [HEADER_AUTHOR]: authorOf(m),
    entity: MEDIA_MIX_ENTITY,
    ...rest,
    // An empty set cannot be stored: leave the attribute out.
    ...(PendingApplies && PendingApplies.size ? { PendingApplies } : {}),
  };
}

export function lineItem(companyId: number, l: PlanLine) {
  const key = l.Archived
    ? versionKeys.archivedLine(companyId, l.MediaMixId, l.ID)
    : versionKeys.line(companyId, l.MediaMixId, l.ID);
  return { ...key, entity: MEDIA_CHANNEL_ENTITY, ...l };
}

/**
 * Internal line attributes of the one-write line update (modules/media-plans/lines.ts):
 * - `Editable` (true): the line may be changed by a single conditional write. Only writes whose
 *   transaction also checked that the version is a Draft set it (a live line written with its
 *   header); SubmitMediaMix removes it from every line BEFORE the version leaves Draft, so a line
 *   of a Submitted, Approved or Rejected version never has it.
 * - `StreamAudit`: the version whose audit entry the table's change stream writes (set by the
 *   one-write update only; modules/media-plans/line-audit.ts), so a redelivered record is written once.
 */
export const LINE_EDITABLE = 'Editable';
export const LINE_STREAM_AUDIT = 'StreamAudit';

/** A live line written in a transaction that also checks its version is a Draft. */
export const editableLineItem = (companyId: number, l: PlanLine) => ({
  ...lineItem(companyId, l),
  [LINE_EDITABLE]: true,
});

export const locatorItem = (companyId: number, l: Pick<PlanLine, 'ID' | 'MediaMixId'>) => ({
  ...versionKeys.locator(companyId, l.ID),
  entity: LOCATOR_ENTITY,
  MediaMixId: l.MediaMixId,
});

export function toHeader(item: Record<string, unknown>): PlanVersion {
  const {
    pk: _a,
    sk: _b,
    gsi1pk: _c,
    gsi1sk: _d,
    gsi2pk: _f,
    gsi2sk: _g,
    [HEADER_AUTHOR]: _h,
    entity: _e,
    ...rest
  } = item;
  return rest as unknown as PlanVersion;
}

/** A line saved before lines had a vendor reads as none. */
export function toLine(item: Record<string, unknown>): PlanLine {
  const { pk: _a, sk: _b, entity: _e, [LINE_EDITABLE]: _f, [LINE_STREAM_AUDIT]: _g, ...rest } = item;
  return { VendorId: null, ...rest } as unknown as PlanLine;
}

export function toPlan(item: Record<string, unknown>): ActivityPlan {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return rest as unknown as ActivityPlan;
}

/** Lines of a template application that has not committed yet are not part of the plan. */
export const visible = (header: PlanVersion) => (l: PlanLine) => !(l.ApplyId && header.PendingApplies?.has(l.ApplyId));
