import { QueryCommand } from '../../aws/dynamodb/commands';
import { ActivityStatus } from '../../shared/activity-status';
import { activityKeys } from './store.dynamodb';
import type { ScheduledActivity } from './schedule-store';
import { ddb, tableName } from '../../aws/dynamodb/client';

/**
 * A company's live (not deleted) activities that a date can still move: Draft, Planned or Live, from
 * gsi2 (the company's activities by end date; deleted ones are not on it). Completed and Cancelled
 * ones are final and filtered out.
 */
export async function activitiesToSchedule(companyId: number): Promise<ScheduledActivity[]> {
  const out: ScheduledActivity[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p',
        FilterExpression: '#s IN (:d, :p2, :l)',
        ExpressionAttributeNames: { '#s': 'Status' },
        ExpressionAttributeValues: {
          ':p': activityKeys.byCompanyPk(companyId),
          ':d': ActivityStatus.Draft,
          ':p2': ActivityStatus.Planned,
          ':l': ActivityStatus.Live,
        },
        ProjectionExpression: 'ID, AccountId, #s, StartDate, EndDate',
        ExclusiveStartKey,
      }),
    );
    for (const i of page.Items ?? [])
      out.push({ ID: i.ID, AccountId: i.AccountId, Status: i.Status, StartDate: i.StartDate, EndDate: i.EndDate });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}
