import { GetCommand, QueryCommand, type QueryCommandInput } from '../../aws/dynamodb/commands';
import { auditPut, type AuditAction } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, keys, pad } from '../../aws/dynamodb/keys';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import { transactWrite, type NamedWrite } from '../../aws/dynamodb/transaction';
import { markDashboardStale } from '../../aws/dynamodb/dashboard-stamp';
import type { AccountTotalsChange, Activity, ActivityFilter, ActivityTotalsRow, OpenPlanCondition } from './store';

const ENTITY = 'Activity';

/**
 * Key spelling of activities (docs/table-design.md), next to the calls that use it:
 * - item: `C#<cid>` / `ACTIVITY#<id>` (Get by id; the page's account is checked on the item);
 * - gsi1: one main account's activities by start date, `C#<cid>#ACTIVITIES#<mainId>` (archived ones
 *   in `…#<mainId>#X`, so the live list never reads them) / `<StartDate>#<id>`;
 * - gsi2: the whole company's live activities by end date, `C#<cid>#ACTIVITIES` / `<EndDate>#<id>`
 *   (sparse: archived ones leave it). Keyed on the END date because a date filter usually asks for
 *   recent or current flights, and `EndDate >= fromDate` as a key condition skips the whole past,
 *   which is where activities pile up; the start side is a filter.
 */
export const activityKeys = {
  item: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `ACTIVITY#${pad(id)}` }),
  byMainPk: (companyId: number, mainAccountId: number, archived = false) =>
    `${companyPk(companyId)}#ACTIVITIES#${mainAccountId}${archived ? '#X' : ''}`,
  byMainSk: (startDate: string, id: number) => `${startDate}#${pad(id)}`,
  byCompanyPk: (companyId: number) => `${companyPk(companyId)}#ACTIVITIES`,
  byCompanySk: (endDate: string, id: number) => `${endDate}#${pad(id)}`,
};

function toItem(companyId: number, a: Activity) {
  return {
    ...activityKeys.item(companyId, a.ID),
    gsi1pk: activityKeys.byMainPk(companyId, a.AccountId, a.Archived),
    gsi1sk: activityKeys.byMainSk(a.StartDate, a.ID),
    ...(a.Archived
      ? {}
      : { gsi2pk: activityKeys.byCompanyPk(companyId), gsi2sk: activityKeys.byCompanySk(a.EndDate, a.ID) }),
    entity: ENTITY,
    ...a,
  };
}

function toActivity(item: Record<string, unknown>): Activity {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, entity: _g, ...rest } = item;
  return rest as unknown as Activity;
}

export async function getActivity(companyId: number, id: number, consistent = false): Promise<Activity | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: activityKeys.item(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item && out.Item.entity === ENTITY ? toActivity(out.Item) : undefined;
}

/** The part of a filter DynamoDB applies after the key condition: `keyed` is the date in the sort key, the other date is filtered. */
function filterExpression(
  f: ActivityFilter,
  keyed: 'start' | 'end',
  q: Pick<QueryCommandInput, 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
) {
  const parts: string[] = [];
  const names = q.ExpressionAttributeNames!;
  const values = q.ExpressionAttributeValues!;
  if (keyed === 'start' && f.fromDate) {
    parts.push('EndDate >= :from');
    values[':from'] = f.fromDate;
  }
  if (keyed === 'end' && f.toDate) {
    parts.push('StartDate <= :to');
    values[':to'] = f.toDate;
  }
  if (f.status !== undefined) {
    parts.push('#st = :st');
    names['#st'] = 'Status';
    values[':st'] = f.status;
  }
  if (f.subAccountId !== undefined) {
    parts.push('SubAccountId = :sub');
    values[':sub'] = f.subAccountId;
  }
  return parts.length ? parts.join(' AND ') : undefined;
}

/** Query of one main account's activities (gsi1), newest start first. */
/**
 * The key range of one main account's activities (gsi1) started on or before `toDate`: the list
 * Query's, and what its page tokens are checked against.
 */
function activitiesOfMainRange(
  companyId: number,
  mainAccountId: number,
  toDate: string | undefined,
  archived: boolean,
): KeyRange {
  return {
    index: 'gsi1',
    keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    partition: { attr: 'gsi1pk', value: activityKeys.byMainPk(companyId, mainAccountId, archived) },
    // Started on or before toDate: every sort key `<StartDate>#<id>` with StartDate ≤ toDate sorts below `<toDate>#~`.
    ...(toDate ? { sort: { attr: 'gsi1sk', to: `${toDate}#~` } } : {}),
    bound: { pk: { equals: companyPk(companyId) }, sk: { prefix: 'ACTIVITY#' } },
  };
}

function byMainQuery(
  companyId: number,
  mainAccountId: number,
  f: ActivityFilter,
  archived: boolean,
): QueryCommandInput {
  const q: QueryCommandInput = {
    TableName: tableName(),
    ...keyCondition(activitiesOfMainRange(companyId, mainAccountId, f.toDate, archived)),
    ExpressionAttributeNames: {},
    ScanIndexForward: false,
  };
  q.FilterExpression = filterExpression(f, 'start', q);
  if (!Object.keys(q.ExpressionAttributeNames!).length) delete q.ExpressionAttributeNames;
  return q;
}

/** One page of a main account's activities that match the filter, newest start first (full pages: see queryPage). */
export async function listActivitiesOfMain(
  companyId: number,
  mainAccountId: number,
  f: ActivityFilter,
  limit: number,
  archived = false,
  nextToken?: string | null,
): Promise<ListPage<Activity>> {
  const range = activitiesOfMainRange(companyId, mainAccountId, f.toDate, archived);
  const page = await queryPage(
    byMainQuery(companyId, mainAccountId, f, archived),
    limit,
    decodeKeyToken(nextToken, range),
    range.keyAttributes,
  );
  return { items: page.items.map(toActivity), nextToken: keyToken(page.lastKey) };
}

/**
 * The earliest start of a main account's live activities (gsi1 ascending, one item; archived ones
 * live under another key): where its data range begins (billing months, a sync's backfill).
 */
export async function earliestActivityStart(companyId: number, mainAccountId: number): Promise<string | undefined> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': activityKeys.byMainPk(companyId, mainAccountId) },
      ProjectionExpression: 'StartDate',
      ScanIndexForward: true,
      Limit: 1,
    }),
  );
  const day = out.Items?.[0]?.StartDate;
  return typeof day === 'string' ? day : undefined;
}

const TOTALS_PROJECTION = { ProjectionExpression: 'ID, AccountId, SubAccountId, #st, BudgetMinor' };

/** Every live activity of one main account (and its sub-accounts) that matches the filter. */
export function activityTotalsOfMain(
  companyId: number,
  mainAccountId: number,
  f: ActivityFilter,
): Promise<ActivityTotalsRow[]> {
  const q = byMainQuery(companyId, mainAccountId, f, false);
  q.ExpressionAttributeNames = { ...q.ExpressionAttributeNames, '#st': 'Status' };
  return queryAll({ ...q, ...TOTALS_PROJECTION }) as Promise<ActivityTotalsRow[]>;
}

/** Every live activity of the company that matches the filter (gsi2, by end date). */
export function activityTotalsOfCompany(companyId: number, f: ActivityFilter): Promise<ActivityTotalsRow[]> {
  const q: QueryCommandInput = {
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeNames: { '#st': 'Status' },
    ExpressionAttributeValues: { ':pk': activityKeys.byCompanyPk(companyId) },
  };
  if (f.fromDate) {
    // Ended on or after fromDate: `<EndDate>#<id>` ≥ `<fromDate>` exactly when EndDate ≥ fromDate.
    q.KeyConditionExpression += ' AND gsi2sk >= :fromKey';
    q.ExpressionAttributeValues![':fromKey'] = f.fromDate;
  }
  q.FilterExpression = filterExpression(f, 'end', q);
  return queryAll({ ...q, ...TOTALS_PROJECTION }) as Promise<ActivityTotalsRow[]>;
}

/**
 * Writes an activity change in one transaction: the activity (created if absent, else only if
 * nobody saved it since `before.version`), the totals of each account it counts in, and its audit
 * entry — all or nothing.
 */
export async function writeActivity(
  companyId: number,
  before: Activity | undefined,
  after: Activity,
  action: AuditAction,
  totals: AccountTotalsChange[],
  /**
   * New dates rely on the activity's open plan version as read (the media plans' ActivityPlans):
   * its conditions hold when the change commits, else `conflict`.
   */
  openPlan?: OpenPlanCondition,
): Promise<void> {
  const items: NamedWrite[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toItem(companyId, after),
          ...(before
            ? {
                ConditionExpression: 'attribute_exists(pk) AND version = :v',
                ExpressionAttributeValues: { ':v': before.version },
              }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
    },
  ];
  for (const t of totals) {
    items.push({
      conflict: t.conflict,
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.account(companyId, t.accountId),
          UpdateExpression: 'ADD ActivitiesCount :count, PlannedBudgetMinor :budget',
          ConditionExpression: t.requireActive ? 'attribute_exists(pk) AND #s = :active' : 'attribute_exists(pk)',
          ...(t.requireActive ? { ExpressionAttributeNames: { '#s': 'Status' } } : {}),
          ExpressionAttributeValues: {
            ':count': t.count,
            ':budget': t.budgetMinor,
            ...(t.requireActive ? { ':active': 'Active' } : {}),
          },
        },
      },
    });
  }
  if (openPlan)
    items.push(
      ...openPlan.conditions.map((item) => ({
        item,
        conflict: openPlan.conflict,
      })),
    );
  items.push({
    item: auditPut({
      companyId,
      who: after.updatedBy,
      entity: ENTITY,
      id: after.ID,
      action,
      before: before ?? null,
      after,
      at: after.updatedAt,
    }),
  });
  await transactWrite(items);
  // Status, dates, accounts and names are in the dashboard's tiles.
  await markDashboardStale(companyId);
}
