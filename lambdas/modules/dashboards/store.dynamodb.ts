import type { Day } from '../../shared/connector-platforms';
import type { LiveActivityRow } from './store';
import { ActivityStatus } from '../../shared/activity-status';
import { activityKeys } from '../activities';
import { tableName } from '../../aws/dynamodb/client';
import { queryAll } from '../../aws/dynamodb/query-page';

/**
 * The company's live activities that end on or after `today` (gsi2, the company's activities by end
 * date, soonest first; status filtered), with their end date and creator. One Query (paged).
 */
export async function liveActivitiesWithOwner(companyId: number, today: Day): Promise<LiveActivityRow[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :from',
    FilterExpression: '#st = :live',
    ProjectionExpression: 'ID, AccountId, SubAccountId, #n, EndDate, createdBy',
    ExpressionAttributeNames: { '#st': 'Status', '#n': 'Name' },
    ExpressionAttributeValues: {
      ':pk': activityKeys.byCompanyPk(companyId),
      ':from': today,
      ':live': ActivityStatus.Live,
    },
  });
  return items.map((i) => ({
    ID: Number(i.ID),
    AccountId: Number(i.AccountId),
    SubAccountId: (i.SubAccountId as number | null | undefined) ?? null,
    Name: String(i.Name ?? ''),
    EndDate: String(i.EndDate ?? ''),
    createdBy: String(i.createdBy ?? ''),
  }));
}
