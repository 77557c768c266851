import type { VersionStatus } from '../../../shared/version-status';
import { activityKeys } from '../../activities';
import { tableName } from '../../../aws/dynamodb/client';
import { keys } from '../../../aws/dynamodb/keys';
import type { TransactItem } from '../../../aws/dynamodb/transaction';
import type { ActivityFacts, VersionAggregates, PlanLine, ActivityPlan } from '../store';
import { PLAN_ENTITY, versionKeys, lineItem, editableLineItem, locatorItem } from './items';

/**
 * The items a plan change writes (with their conditions) and the checks it makes, for the store's
 * named operations (media-plan-operations.ts). Internal to the store: the domain never sees an item.
 */

export const putNew = (item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Replaces an item only if nobody saved it since `version`. */
export const putFromVersion = (item: Record<string, unknown>, version: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: item,
    ConditionExpression: 'attribute_exists(pk) AND version = :v',
    ExpressionAttributeValues: { ':v': version },
  },
});

export const linePutNew = (companyId: number, l: PlanLine): TransactItem[] => [
  putNew(editableLineItem(companyId, l)),
  putNew(locatorItem(companyId, l)),
];

/** A line change from `version`, in a transaction that also checks the version is a Draft. */
export const linePutFromVersion = (companyId: number, l: PlanLine, version: number): TransactItem =>
  putFromVersion(editableLineItem(companyId, l), version);

/**
 * The activity facts a plan change relies on (ActivityFacts), re-checked as they were read: the
 * domain decided the change is allowed (modules/media-plans/write-rules.ts); this only makes the write fail
 * when one of those facts no longer holds. An activity moved to another sub-account fails it too.
 */
export function activityCheck(companyId: number, f: ActivityFacts): TransactItem {
  const values: Record<string, unknown> = { ':false': false, ':main': f.mainAccountId };
  let condition = 'attribute_exists(pk) AND Archived = :false AND AccountId = :main';
  if (f.bookedOn === null) {
    condition += ' AND (attribute_not_exists(SubAccountId) OR attribute_type(SubAccountId, :nulltype))';
    values[':nulltype'] = 'NULL';
  } else {
    condition += ' AND SubAccountId = :booked';
    values[':booked'] = f.bookedOn;
  }
  if (f.covers) {
    condition += ' AND StartDate <= :start AND EndDate >= :end';
    values[':start'] = f.covers.start;
    values[':end'] = f.covers.end;
  }
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: activityKeys.item(companyId, f.activityId),
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * An account a plan lives under (the activity's main account, or the sub-account it is booked on)
 * is still Active when the change commits: an archived account's plans are frozen until it is
 * restored, like its activities.
 */
export function accountActiveCheck(companyId: number, accountId: number): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.account(companyId, accountId),
      ConditionExpression: 'attribute_exists(pk) AND #st = :active',
      ExpressionAttributeNames: { '#st': 'Status' },
      ExpressionAttributeValues: { ':active': 'Active' },
    },
  };
}

/** The aggregates a change adds to its header: after − before of the lines' shown amounts. */
export type AggregateDelta = VersionAggregates;

/**
 * The header side of a line change: ADD the delta, bump the version (so a Submit or Approve from a
 * version read before the change fails as stale: what is approved is what was looked at), stamp the
 * change — only while the version is a Draft. `removeApply` ends a pending template application.
 */
export function headerLineChange(
  companyId: number,
  versionId: number,
  delta: AggregateDelta,
  who: string,
  at: string,
  draft: VersionStatus,
  removeApply?: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: versionKeys.header(companyId, versionId),
      UpdateExpression:
        'SET version = version + :one, updatedAt = :at, updatedBy = :by ' +
        'ADD NetMinor :n, ManagementFeeMinor :mf, SystemFeeMinor :sf, ImageCreatives :ic, VideoCreatives :vc, LineCount :lc' +
        (removeApply ? ' DELETE PendingApplies :apply' : ''),
      ConditionExpression: 'attribute_exists(pk) AND #st = :draft',
      ExpressionAttributeNames: { '#st': 'Status' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':at': at,
        ':by': who,
        ':draft': draft,
        ':n': delta.NetMinor,
        ':mf': delta.ManagementFeeMinor,
        ':sf': delta.SystemFeeMinor,
        ':ic': delta.ImageCreatives,
        ':vc': delta.VideoCreatives,
        ':lc': delta.LineCount,
        ...(removeApply ? { ':apply': new Set([removeApply]) } : {}),
      },
    },
  };
}

/** A line move between its live and archived keys (delete), with the header and audit items. */
export function archiveLineItems(companyId: number, before: PlanLine, after: PlanLine): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: versionKeys.line(companyId, before.MediaMixId, before.ID),
        ConditionExpression: 'attribute_exists(pk) AND version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      },
    },
    putNew(lineItem(companyId, after)),
  ];
}

/** The plan item's changes. */
export const planItems = {
  create: (companyId: number, plan: ActivityPlan): TransactItem =>
    putNew({ ...versionKeys.plan(companyId, plan.ActivityId), entity: PLAN_ENTITY, ...plan }),
  /** A new open version: only if nobody made one since `latestVersion` was read, and none is open. */
  open: (
    companyId: number,
    activityId: number,
    latestVersion: number,
    versionId: number,
    version: number,
  ): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: versionKeys.plan(companyId, activityId),
      UpdateExpression: 'SET LatestVersion = :nv, OpenMixId = :id, OpenVersion = :nv',
      ConditionExpression:
        'LatestVersion = :lv AND (attribute_not_exists(OpenMixId) OR attribute_type(OpenMixId, :null))',
      ExpressionAttributeValues: { ':nv': version, ':id': versionId, ':lv': latestVersion, ':null': 'NULL' },
    },
  }),
  /** The open version was approved or rejected: nothing is open any more. */
  close: (companyId: number, activityId: number, versionId: number, approved?: { version: number }): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: versionKeys.plan(companyId, activityId),
      UpdateExpression: `SET OpenMixId = :null, OpenVersion = :null${approved ? ', ApprovedMixId = :id, ApprovedVersion = :av' : ''}`,
      ConditionExpression: 'OpenMixId = :id',
      ExpressionAttributeValues: { ':null': null, ':id': versionId, ...(approved ? { ':av': approved.version } : {}) },
    },
  }),
  /** The version is still the latest approved one (client sign-off/decline). */
  latestApproved: (companyId: number, activityId: number, versionId: number): TransactItem => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: versionKeys.plan(companyId, activityId),
      ConditionExpression: 'ApprovedMixId = :id',
      ExpressionAttributeValues: { ':id': versionId },
    },
  }),
};
