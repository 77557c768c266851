import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { PLAN_NOTIFY_FILTER, PLAN_NOTIFY_HANDLER } from '../../lambdas/streams/stream-handlers';
import type { StageConfig } from '../config/stages';
import { grantStageMail } from './stage-mail';
import { grantPartitionRegistry } from './partition-registry-grant';
import { TableStreamConsumer } from './table-stream-consumer';

export { PLAN_NOTIFY_HANDLER };

/** Retries of a failing batch before it goes to the failure queue (as the line audit's). */
export const PLAN_NOTIFY_RETRY_ATTEMPTS = 10;
/** Older records go to the failure queue: a notification a day late is worth less than the stream's 24 hours to replay. */
export const PLAN_NOTIFY_MAX_RECORD_AGE = Duration.hours(6);

export interface PlanNotificationsStreamProps {
  readonly table: ITable;
  readonly config: StageConfig;
}

/**
 * Notifications of plan approval events (docs/notifications.md): the table's stream → an event
 * source mapping that passes on only updates of media mix headers in status 2, 3 or 4
 * (PLAN_NOTIFY_FILTER) → lambdas/streams/notify-plan-changes.ts, which writes one Notification per
 * recipient once and e-mails them through SES when the stage says so. local/start.ts runs the same
 * handler with the same filter on a stream poller of its own.
 *
 * Beside the table (the stateful stack), for the reason TableStreamConsumer gives.
 */
export class PlanNotificationsStream extends TableStreamConsumer {
  constructor(scope: Construct, id: string, props: PlanNotificationsStreamProps) {
    super(scope, id, {
      ...props,
      handler: PLAN_NOTIFY_HANDLER,
      // Up to 100 records, each a few reads, a put per recipient and a mail each (3 tries, ≤ 2 s backoff).
      timeout: Duration.seconds(120),
      filter: {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: {
            entity: { S: [PLAN_NOTIFY_FILTER.entity] },
            sk: { S: [PLAN_NOTIFY_FILTER.sk] },
            Status: { N: [...PLAN_NOTIFY_FILTER.statuses] },
          },
        },
      },
      reading: {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        retryAttempts: PLAN_NOTIFY_RETRY_ATTEMPTS,
        maxRecordAge: PLAN_NOTIFY_MAX_RECORD_AGE,
      },
      grant: (fn, table) => {
        fn.addEnvironment('TABLE_NAME', table.tableName);
        fn.addEnvironment('CONSOLE_URL', props.config.notifications.consoleUrl);
        // Reads what a notification names: the company's users, the account, the activity, the company (`C#<cid>` items).
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:GetItem', 'dynamodb:Query'],
            resources: [table.tableArn],
            conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } },
          }),
        );
        // Writes notifications only: under a user (`C#<cid>#U#<sub>`), created once, then stamped as mailed.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
            resources: [table.tableArn],
            conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*#U#*'] } },
          }),
        );
        grantPartitionRegistry(fn, table);
        // Mails from the stage's one SES identity, where the stage sends mail.
        grantStageMail(fn, props.config);
      },
      alarmDescription:
        'Plan approval notifications could not be written from the table stream. Each message names a shard and sequence ' +
        'numbers still readable from the stream for 24 hours; fix the cause, then replay them.',
    });
  }
}
