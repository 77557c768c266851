import { setTimeout as sleep } from 'node:timers/promises';
import type { Stamped } from './stamped';
import {
  BatchGetCommand, BatchWriteCommand, GetCommand, UpdateCommand,
  type BatchGetCommandOutput, type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { BuyType } from '../shared/money';
import type { MediaMixStatus } from '../shared/media-mix-status';
import { activityKeys } from './activities';
import { auditPut, type AuditEntry } from './audit';
import { ddb, tableName } from './client';
import { companyPk, keys, pad } from './keys';
import { queryAll } from './query-page';
import { MAX_TRANSACT_ITEMS, transactWrite, type TransactItem, type Write } from './transaction';
import { chunks } from './write-helpers';

/** The pricing a plan's totals use; fixed on the header when the version is approved. */
export interface MixPricing {
  VatPct: number;
  ImageSubmitFee: number;
  VideoSubmitFee: number;
  SetupFee: number;
  ApplyVat: boolean;
  /** Account currency: 1 USD, 2 ILS. */
  Currency: 1 | 2;
}

/**
 * Sums of what the live lines show (each line's amounts rounded once, DOMAIN.md §3), so a list of
 * versions shows totals without reading lines. Creative fees are linear in the counts, so counts are
 * summed. Exact once the version leaves Draft: Submit sets them from the locked lines. While it is
 * a Draft, LineCount is exact (creates and deletes ADD to it in their transactions) but the money
 * sums are not (a line change made in one write does not touch the header): a Draft's totals are
 * read from its lines.
 */
export interface MixAggregates {
  NetMinor: number;
  ManagementFeeMinor: number;
  SystemFeeMinor: number;
  ImageCreatives: number;
  VideoCreatives: number;
  LineCount: number;
}

/** A media mix: one version of an activity's media plan (DOMAIN.md §2). */
export interface MediaMix extends MixAggregates, Stamped {
  ID: number;
  ActivityId: number;
  /** The activity's MAIN account (activities never move to another main account). */
  AccountId: number;
  Version: number;
  Name: string;
  Status: MediaMixStatus;
  /** The version this one was copied from (CreateMediaMixVersion), else null. */
  SourceMixId: number | null;
  SubmittedBy: string | null;
  SubmittedAt: string | null;
  ApprovedBy: string | null;
  ApprovedAt: string | null;
  RejectedBy: string | null;
  RejectedAt: string | null;
  RejectReason: string | null;
  ClientApprovedBy: string | null;
  ClientApprovedAt: string | null;
  ClientDeclinedBy: string | null;
  ClientDeclinedAt: string | null;
  ClientDeclinedComment: string | null;
  /** Fixed at approval: 1 ExchangeRateFrom = ExchangeRate ExchangeRateTo, the rate of ExchangeRateDate. */
  ExchangeRate: number | null;
  ExchangeRateFrom: string | null;
  ExchangeRateTo: string | null;
  ExchangeRateDate: string | null;
  /** Fixed at approval (configuration and account settings of that moment); null before. */
  Pricing: MixPricing | null;
  /** Internal: template applications in flight (their lines stay hidden until they commit). */
  PendingApplies?: Set<string>;
}

/** A plan line (DOMAIN.md §2 Media channel). */
export interface MediaChannel extends Stamped {
  ID: number;
  MediaMixId: number;
  /** Denormalised from the mix (immutable): the scope check of a line needs no header read. */
  ActivityId: number;
  AccountId: number;
  AccountChannelTypeId: number;
  /** The global channel type behind the account's copy, and the copy's name when the line was saved. */
  ChannelTypeId: number;
  ChannelTypeName: string;
  Name: string;
  StartDate: string;
  EndDate: string;
  BuyType: BuyType;
  UnitCost: number;
  Budget: number;
  BudgetMinor: number;
  ManagementFeePct: number;
  SystemFeePct: number;
  ImageCreatives: number;
  VideoCreatives: number;
  Notes: string;
  MonthlySplit: Record<string, number> | null;
  /** The line this one was copied from (a new version, or the template line's position when applied). */
  SourceLineId: number | null;
  Archived: boolean;
  ArchivedAt?: string;
  ArchivedBy?: string;
  /** Internal: the template application that created it (hidden while that one is pending). */
  ApplyId?: string;
}

/**
 * Per company and activity: the version counter and which version is open, so that version numbers
 * are unique and only one Draft-or-Submitted version exists at a time (every version create and
 * every approve/reject goes through a condition on this item).
 */
export interface MixPlan {
  ActivityId: number;
  AccountId: number;
  LatestVersion: number;
  /** The Draft or Submitted version, if any. */
  OpenMixId: number | null;
  OpenVersion: number | null;
  /** The latest Approved version (what a client signs off; what pacing compares with). */
  ApprovedMixId: number | null;
  ApprovedVersion: number | null;
}

export const MEDIA_MIX_ENTITY = 'MediaMix';
export const MEDIA_CHANNEL_ENTITY = 'MediaChannel';
const PLAN_ENTITY = 'MediaMixPlan';
const LOCATOR_ENTITY = 'MediaChannelLocator';

/**
 * Key spelling (docs/table-design.md):
 * - one partition per mix, `C#<cid>#MIX#<mixId>`: the header `M`, the live lines `M#L#<lineId>`,
 *   archived (deleted) lines `X#L#<lineId>` — so ONE Query `begins_with(sk, 'M')` returns the
 *   header (first: it sorts before its lines) and every live line;
 * - the header on gsi1: `C#<cid>#MIXES#<activityId>` / `<version>` — the versions of an activity;
 * - line locator `C#<cid>` / `MCHANNEL#<lineId>` → MediaMixId (calls that name only a channelId);
 * - plan `C#<cid>` / `MIXPLAN#<activityId>` (MixPlan).
 */
export const mediaMixKeys = {
  partition: (companyId: number, mixId: number) => `${companyPk(companyId)}#MIX#${pad(mixId)}`,
  header: (companyId: number, mixId: number) => ({ pk: mediaMixKeys.partition(companyId, mixId), sk: 'M' }),
  line: (companyId: number, mixId: number, lineId: number) => ({ pk: mediaMixKeys.partition(companyId, mixId), sk: `M#L#${pad(lineId)}` }),
  archivedLine: (companyId: number, mixId: number, lineId: number) => ({ pk: mediaMixKeys.partition(companyId, mixId), sk: `X#L#${pad(lineId)}` }),
  livePrefix: 'M',
  byActivityPk: (companyId: number, activityId: number) => `${companyPk(companyId)}#MIXES#${activityId}`,
  byActivitySk: (version: number) => pad(version),
  locator: (companyId: number, lineId: number) => ({ pk: companyPk(companyId), sk: `MCHANNEL#${pad(lineId)}` }),
  plan: (companyId: number, activityId: number) => ({ pk: companyPk(companyId), sk: `MIXPLAN#${pad(activityId)}` }),
};

// ---------------------------------------------------------------------------------------------
// Item mapping
// ---------------------------------------------------------------------------------------------

export function headerItem(companyId: number, m: MediaMix) {
  const { PendingApplies, ...rest } = m;
  return {
    ...mediaMixKeys.header(companyId, m.ID),
    gsi1pk: mediaMixKeys.byActivityPk(companyId, m.ActivityId),
    gsi1sk: mediaMixKeys.byActivitySk(m.Version),
    entity: MEDIA_MIX_ENTITY,
    ...rest,
    // An empty set cannot be stored: leave the attribute out.
    ...(PendingApplies && PendingApplies.size ? { PendingApplies } : {}),
  };
}

export function lineItem(companyId: number, l: MediaChannel) {
  const key = l.Archived ? mediaMixKeys.archivedLine(companyId, l.MediaMixId, l.ID) : mediaMixKeys.line(companyId, l.MediaMixId, l.ID);
  return { ...key, entity: MEDIA_CHANNEL_ENTITY, ...l };
}

/**
 * Internal line attributes of the one-write line update (domain/media-channels.ts):
 * - `Editable` (true): the line may be changed by a single conditional write. Only writes whose
 *   transaction also checked that the version is a Draft set it (a live line written with its
 *   header); SubmitMediaMix removes it from every line BEFORE the version leaves Draft, so a line
 *   of a Submitted, Approved or Rejected version never has it.
 * - `StreamAudit`: the version whose audit entry the table's change stream writes (set by the
 *   one-write update only; domain/stream-audit.ts), so a redelivered record is written once.
 */
export const LINE_EDITABLE = 'Editable';
export const LINE_STREAM_AUDIT = 'StreamAudit';

/** A live line written in a transaction that also checks its version is a Draft. */
const editableLineItem = (companyId: number, l: MediaChannel) => ({ ...lineItem(companyId, l), [LINE_EDITABLE]: true });

const locatorItem = (companyId: number, l: Pick<MediaChannel, 'ID' | 'MediaMixId'>) =>
  ({ ...mediaMixKeys.locator(companyId, l.ID), entity: LOCATOR_ENTITY, MediaMixId: l.MediaMixId });

function toHeader(item: Record<string, unknown>): MediaMix {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, entity: _e, ...rest } = item;
  return rest as unknown as MediaMix;
}

export function toLine(item: Record<string, unknown>): MediaChannel {
  const { pk: _a, sk: _b, entity: _e, [LINE_EDITABLE]: _f, [LINE_STREAM_AUDIT]: _g, ...rest } = item;
  return rest as unknown as MediaChannel;
}

function toPlan(item: Record<string, unknown>): MixPlan {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return rest as unknown as MixPlan;
}

/** Lines of a template application that has not committed yet are not part of the plan. */
const visible = (header: MediaMix) => (l: MediaChannel) => !(l.ApplyId && header.PendingApplies?.has(l.ApplyId));

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export async function getMixHeader(companyId: number, mixId: number, consistent = false): Promise<MediaMix | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: mediaMixKeys.header(companyId, mixId), ConsistentRead: consistent }));
  return out.Item && out.Item.entity === MEDIA_MIX_ENTITY ? toHeader(out.Item) : undefined;
}

export interface MixWithLines {
  header: MediaMix;
  /** Live lines, by id (creation order). */
  lines: MediaChannel[];
}

/** The header and every live line of a mix: one Query (paged only past 1 MB). */
export async function getMixWithLines(companyId: number, mixId: number, consistent = false): Promise<MixWithLines | undefined> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
    ExpressionAttributeValues: { ':pk': mediaMixKeys.partition(companyId, mixId), ':m': mediaMixKeys.livePrefix },
    ConsistentRead: consistent,
  });
  const first = items[0];
  if (!first || first.sk !== 'M' || first.entity !== MEDIA_MIX_ENTITY) return undefined;
  const header = toHeader(first);
  return { header, lines: items.slice(1).map(toLine).filter(visible(header)) };
}

/** The versions of an activity's plan (headers only), by version. */
export async function listMixHeadersOfActivity(companyId: number, activityId: number): Promise<MediaMix[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': mediaMixKeys.byActivityPk(companyId, activityId) },
  });
  return items.map(toHeader);
}

export async function getMixPlan(companyId: number, activityId: number, consistent = false): Promise<MixPlan | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: mediaMixKeys.plan(companyId, activityId), ConsistentRead: consistent }));
  return out.Item ? toPlan(out.Item) : undefined;
}

/** The mix a line id belongs to (the line may be live or archived), or undefined for an unknown id. */
export async function getLineMixId(companyId: number, lineId: number): Promise<number | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: mediaMixKeys.locator(companyId, lineId) }));
  return out.Item ? Number(out.Item.MediaMixId) : undefined;
}

export async function getLine(companyId: number, mixId: number, lineId: number, consistent = false): Promise<MediaChannel | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: mediaMixKeys.line(companyId, mixId, lineId), ConsistentRead: consistent }));
  return out.Item && out.Item.entity === MEDIA_CHANNEL_ENTITY ? toLine(out.Item) : undefined;
}

export interface LineWithHeader {
  header?: MediaMix;
  line?: MediaChannel;
  archived?: MediaChannel;
}

/** A line (live or archived) and its mix header in one BatchGet. A line of a pending application reads as absent. */
export async function getLineWithHeader(companyId: number, mixId: number, lineId: number, consistent = false): Promise<LineWithHeader> {
  const wanted = [mediaMixKeys.header(companyId, mixId), mediaMixKeys.line(companyId, mixId, lineId), mediaMixKeys.archivedLine(companyId, mixId, lineId)];
  const found: Record<string, unknown>[] = [];
  let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined = {
    [tableName()]: { Keys: wanted, ConsistentRead: consistent },
  };
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const out: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: request }));
    found.push(...(out.Responses?.[tableName()] ?? []));
    const rest = out.UnprocessedKeys?.[tableName()]?.Keys;
    request = rest?.length ? { [tableName()]: { Keys: rest, ConsistentRead: consistent } } : undefined;
  }
  const bySk = new Map(found.map((i) => [String(i.sk), i]));
  const h = bySk.get('M');
  const header = h && h.entity === MEDIA_MIX_ENTITY ? toHeader(h) : undefined;
  const live = bySk.get(wanted[1].sk);
  const archived = bySk.get(wanted[2].sk);
  const line = live ? toLine(live) : undefined;
  return {
    header,
    line: line && header && visible(header)(line) ? line : undefined,
    archived: archived ? toLine(archived) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const putNew = (item: Record<string, unknown>): TransactItem =>
  ({ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });

/** Replaces an item only if nobody saved it since `version`. */
export const putFromVersion = (item: Record<string, unknown>, version: number): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_exists(pk) AND version = :v', ExpressionAttributeValues: { ':v': version } },
});

export const linePutNew = (companyId: number, l: MediaChannel): TransactItem[] => [putNew(editableLineItem(companyId, l)), putNew(locatorItem(companyId, l))];

/** A line change from `version`, in a transaction that also checks the version is a Draft. */
export const linePutFromVersion = (companyId: number, l: MediaChannel, version: number): TransactItem => putFromVersion(editableLineItem(companyId, l), version);

/**
 * The activity a plan change depends on: still there, not deleted, part of the page's account and,
 * for a line (or a Submit: the span of its lines), around its dates. `bookedOn` (the sub-account the
 * activity was read on, or null) keeps the activity where the account guards below checked it: an
 * activity moved to another sub-account meanwhile fails as stale.
 */
export function activityGuard(
  companyId: number, activityId: number, scopeAccountId: number, dates?: { start: string; end: string }, bookedOn?: number | null,
): TransactItem {
  const values: Record<string, unknown> = { ':false': false, ':scope': scopeAccountId };
  let condition = 'attribute_exists(pk) AND Archived = :false AND (AccountId = :scope OR SubAccountId = :scope)';
  if (dates) {
    condition += ' AND StartDate <= :start AND EndDate >= :end';
    values[':start'] = dates.start;
    values[':end'] = dates.end;
  }
  if (bookedOn === null) {
    condition += ' AND (attribute_not_exists(SubAccountId) OR attribute_type(SubAccountId, :nulltype))';
    values[':nulltype'] = 'NULL';
  } else if (bookedOn !== undefined) {
    condition += ' AND SubAccountId = :booked';
    values[':booked'] = bookedOn;
  }
  return { ConditionCheck: { TableName: tableName(), Key: activityKeys.item(companyId, activityId), ConditionExpression: condition, ExpressionAttributeValues: values } };
}

/**
 * An account a plan lives under (the activity's main account, or the sub-account it is booked on)
 * is still Active when the change commits: an archived account's plans are frozen until it is
 * restored (issue 8 §4), like its activities.
 */
export function accountActiveGuard(companyId: number, accountId: number): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(), Key: keys.account(companyId, accountId),
      ConditionExpression: 'attribute_exists(pk) AND #st = :active',
      ExpressionAttributeNames: { '#st': 'Status' }, ExpressionAttributeValues: { ':active': 'Active' },
    },
  };
}

/**
 * The open version did not change since it was read: no line created, deleted or moved on the full
 * path (each bumps the header's version; a one-write change cannot move a line's dates), and no
 * other version opened. SaveActivity's new dates rely on it (issue 8 §6).
 */
export function openVersionUnchanged(companyId: number, activityId: number, open: { mixId: number; version: number } | null): TransactItem[] {
  if (!open) {
    return [{
      ConditionCheck: {
        TableName: tableName(), Key: mediaMixKeys.plan(companyId, activityId),
        ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(OpenMixId) OR attribute_type(OpenMixId, :null)',
        ExpressionAttributeValues: { ':null': 'NULL' },
      },
    }];
  }
  return [{
    ConditionCheck: {
      TableName: tableName(), Key: mediaMixKeys.header(companyId, open.mixId),
      ConditionExpression: 'attribute_exists(pk) AND version = :v', ExpressionAttributeValues: { ':v': open.version },
    },
  }];
}

/** The aggregates a change adds to its header: after − before of the lines' shown amounts. */
export type AggregateDelta = MixAggregates;

/**
 * The header side of a line change: ADD the delta, bump the version (so a Submit or Approve from a
 * version read before the change fails as stale: what is approved is what was looked at), stamp the
 * change — only while the version is a Draft. `removeApply` ends a pending template application.
 */
export function headerLineChange(
  companyId: number, mixId: number, delta: AggregateDelta, who: string, at: string, draft: MediaMixStatus, removeApply?: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: mediaMixKeys.header(companyId, mixId),
      UpdateExpression: 'SET version = version + :one, updatedAt = :at, updatedBy = :by '
        + 'ADD NetMinor :n, ManagementFeeMinor :mf, SystemFeeMinor :sf, ImageCreatives :ic, VideoCreatives :vc, LineCount :lc'
        + (removeApply ? ' DELETE PendingApplies :apply' : ''),
      ConditionExpression: 'attribute_exists(pk) AND #st = :draft',
      ExpressionAttributeNames: { '#st': 'Status' },
      ExpressionAttributeValues: {
        ':one': 1, ':at': at, ':by': who, ':draft': draft,
        ':n': delta.NetMinor, ':mf': delta.ManagementFeeMinor, ':sf': delta.SystemFeeMinor,
        ':ic': delta.ImageCreatives, ':vc': delta.VideoCreatives, ':lc': delta.LineCount,
        ...(removeApply ? { ':apply': new Set([removeApply]) } : {}),
      },
    },
  };
}

export const audit = (e: AuditEntry): TransactItem => auditPut(e);

/** Tests only: runs between the staged writes of a large copy/application and their commit. */
export const mediaMixWriteHooks: { beforeCommit?: () => Promise<void> } = {};

async function batchWrite(requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string]): Promise<void> {
  await Promise.all(chunks(requests, 25).map(async (piece) => {
    let pending = piece;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= 8) throw new Error('BatchWrite left unprocessed items after 8 attempts');
      if (attempt) await sleep(20 * 2 ** attempt);
      const out: BatchWriteCommandOutput = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = out.UnprocessedItems?.[tableName()] ?? [];
    }
  }));
}

const putsOf = (companyId: number, lines: MediaChannel[]) =>
  // Staged lines are invisible until their commit, which checks the header is a Draft.
  lines.flatMap((l) => [{ PutRequest: { Item: editableLineItem(companyId, l) } }, { PutRequest: { Item: locatorItem(companyId, l) } }]);

const deletesOf = (companyId: number, lines: MediaChannel[]) =>
  lines.flatMap((l) => [{ DeleteRequest: { Key: mediaMixKeys.line(companyId, l.MediaMixId, l.ID) } }, { DeleteRequest: { Key: mediaMixKeys.locator(companyId, l.ID) } }]);

/**
 * Writes new lines together with `commit` (the header create or update, guards, audit — each named
 * with what its failure means, transaction.ts) all or nothing, although a transaction holds at most
 * 100 items:
 * - when everything fits, ONE transaction (`commitOf(false)` followed by the line writes);
 * - else the lines (each with its locator) are written first, in batches, where no reader counts
 *   them: a new version's lines have no header yet; a template's lines carry an ApplyId that the
 *   header lists as pending (`stage`, written first; `stage.explain` says why it could not be). Then
 *   `commitOf(true)` runs as one transaction; if it fails (a stale or no-longer-Draft header, a
 *   deleted activity, or anything else) the staged lines are deleted again and the pending mark
 *   removed, so the plan is as it was, and the error is rethrown. Staged lines left by a crash stay
 *   invisible (no header / still pending).
 * `explain` answers a failed write that is not named (the line writes, the account guards).
 */
export async function writeLinesWithCommit(
  companyId: number, lines: MediaChannel[], commitOf: (staged: boolean) => Write[], explain: () => Promise<Error>,
  stage?: { mixId: number; applyId: string; explain: () => Promise<Error> },
): Promise<{ transactions: number; staged: boolean }> {
  const lineWrites = lines.flatMap((l) => linePutNew(companyId, l));
  const single = commitOf(false);
  if (lineWrites.length + single.length <= MAX_TRANSACT_ITEMS) {
    await transactWrite([...single, ...lineWrites], { explain });
    return { transactions: 1, staged: false };
  }
  const commit = commitOf(true);
  const pendingKey = stage ? mediaMixKeys.header(companyId, stage.mixId) : undefined;
  const unmark = async () => {
    if (!pendingKey || !stage) return;
    await ddb().send(new UpdateCommand({
      TableName: tableName(), Key: pendingKey, UpdateExpression: 'DELETE PendingApplies :a',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':a': new Set([stage.applyId]) },
    })).catch(() => undefined);
  };
  if (stage && pendingKey) {
    await transactWrite([{
      item: { Update: {
        TableName: tableName(), Key: pendingKey, UpdateExpression: 'ADD PendingApplies :a',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':a': new Set([stage.applyId]) },
      } },
      explain: stage.explain,
    }]);
  }
  try {
    await batchWrite(putsOf(companyId, lines));
    await mediaMixWriteHooks.beforeCommit?.();
    await transactWrite(commit, { explain });
  } catch (err) {
    await batchWrite(deletesOf(companyId, lines)).catch(() => undefined);
    await unmark();
    throw err;
  }
  return { transactions: Math.ceil(lineWrites.length / 25) + 1, staged: true };
}

/** A line move between its live and archived keys (delete), with the header and audit items. */
export function archiveLineItems(companyId: number, before: MediaChannel, after: MediaChannel): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName(), Key: mediaMixKeys.line(companyId, before.MediaMixId, before.ID),
        ConditionExpression: 'attribute_exists(pk) AND version = :v', ExpressionAttributeValues: { ':v': before.version },
      },
    },
    putNew(lineItem(companyId, after)),
  ];
}

/** The plan item's changes. */
export const planItems = {
  create: (companyId: number, plan: MixPlan): TransactItem => putNew({ ...mediaMixKeys.plan(companyId, plan.ActivityId), entity: PLAN_ENTITY, ...plan }),
  /** A new open version: only if nobody made one since `latestVersion` was read, and none is open. */
  open: (companyId: number, activityId: number, latestVersion: number, mixId: number, version: number): TransactItem => ({
    Update: {
      TableName: tableName(), Key: mediaMixKeys.plan(companyId, activityId),
      UpdateExpression: 'SET LatestVersion = :nv, OpenMixId = :id, OpenVersion = :nv',
      ConditionExpression: 'LatestVersion = :lv AND (attribute_not_exists(OpenMixId) OR attribute_type(OpenMixId, :null))',
      ExpressionAttributeValues: { ':nv': version, ':id': mixId, ':lv': latestVersion, ':null': 'NULL' },
    },
  }),
  /** The open version was approved or rejected: nothing is open any more. */
  close: (companyId: number, activityId: number, mixId: number, approved?: { version: number }): TransactItem => ({
    Update: {
      TableName: tableName(), Key: mediaMixKeys.plan(companyId, activityId),
      UpdateExpression: `SET OpenMixId = :null, OpenVersion = :null${approved ? ', ApprovedMixId = :id, ApprovedVersion = :av' : ''}`,
      ConditionExpression: 'OpenMixId = :id',
      ExpressionAttributeValues: { ':null': null, ':id': mixId, ...(approved ? { ':av': approved.version } : {}) },
    },
  }),
  /** The version is still the latest approved one (client sign-off/decline). */
  latestApproved: (companyId: number, activityId: number, mixId: number): TransactItem => ({
    ConditionCheck: {
      TableName: tableName(), Key: mediaMixKeys.plan(companyId, activityId),
      ConditionExpression: 'ApprovedMixId = :id', ExpressionAttributeValues: { ':id': mixId },
    },
  }),
};
