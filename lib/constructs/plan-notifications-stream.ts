import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PLAN_NOTIFY_FILTER, PLAN_NOTIFY_HANDLER } from '../../lambdas/streams/stream-handlers';
import type { StageConfig } from '../config/stages';
import { acknowledgeLineAuditStreamFindings } from '../nag';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';
import { MixdeskFunction } from './mixdesk-function';
import { grantStageMail } from './stage-mail';

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
 * Beside the table (the stateful stack), for the reason LineAuditStream gives.
 */
export class PlanNotificationsStream extends Construct {
  public readonly function: MixdeskFunction;
  public readonly failureQueue: Queue;
  public readonly failureAlarm: Alarm;

  constructor(scope: Construct, id: string, props: PlanNotificationsStreamProps) {
    super(scope, id);
    const { table, config } = props;

    const fn = new MixdeskFunction(this, 'Handler', {
      route: PLAN_NOTIFY_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      // Up to 100 records, each a few reads, a put per recipient and a mail each (3 tries, ≤ 2 s backoff).
      timeout: Duration.seconds(120),
    });
    fn.addEnvironment('TABLE_NAME', table.tableName);
    fn.addEnvironment('CONSOLE_URL', config.notifications.consoleUrl);

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
    // Mails from the stage's one SES identity, where the stage sends mail.
    grantStageMail(fn, config);

    this.failureQueue = deadLetterQueue(this, 'FailedBatches', config.logs.removalPolicy);

    fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: PLAN_NOTIFY_RETRY_ATTEMPTS,
        maxRecordAge: PLAN_NOTIFY_MAX_RECORD_AGE,
        onFailure: new SqsDlq(this.failureQueue),
        filters: [
          FilterCriteria.filter({
            eventName: ['MODIFY'],
            dynamodb: {
              NewImage: {
                entity: { S: [PLAN_NOTIFY_FILTER.entity] },
                sk: { S: [PLAN_NOTIFY_FILTER.sk] },
                Status: { N: [...PLAN_NOTIFY_FILTER.statuses] },
              },
            },
          }),
        ],
      }),
    );

    this.failureAlarm = deadLetterAlarm(this, 'FailedBatchesAlarm', {
      queue: this.failureQueue,
      alarmDescription:
        'Plan approval notifications could not be written from the table stream. Each message names a shard and sequence ' +
        'numbers still readable from the stream for 24 hours; fix the cause, then replay them.',
      measure: 'visible',
    });

    this.function = fn;
    // The same two findings as the line audit's consumer, for the same reasons.
    acknowledgeLineAuditStreamFindings(fn.executionRole, this.failureQueue);
  }
}
