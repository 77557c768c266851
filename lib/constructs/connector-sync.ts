import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../../lambdas/jobs/sync-handlers';
import { PLATFORM_SPECS } from '../../lambdas/modules/connectors/platforms/registry';
import type { StageConfig } from '../config/stages';
import { acknowledgeConnectorSecretGrant, acknowledgeScheduleInvoke, acknowledgeTableGrant } from '../nag';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';
import { MixdeskFunction } from './mixdesk-function';
import { jobFailureAlarm, scheduledTarget } from './operations-alarms';

export { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS };

/** How many accounts of one platform sync at once, stage-wide (the platforms' own quotas are per developer token / app). */
export const SYNC_WORKER_CONCURRENCY = Object.fromEntries(
  Object.values(PLATFORM_SPECS).map((spec) => [spec.id, spec.worker.concurrency]),
) as Record<keyof typeof SYNC_WORKER_HANDLERS, number>;
/** A worker's time for one external account (a first sync's year of backfill included). */
export const SYNC_WORKER_TIMEOUT = Duration.minutes(10);
/** Deliveries of a message before it goes to the dead-letter queue. */
export const SYNC_MAX_RECEIVES = 3;

/** A platform's sync queue, by name, so a service stack ("Sync now") can reach it without a cross-stack export. */
export const syncQueueName = (config: StageConfig, type: string) =>
  `mixdesk-${config.name}-sync-${type.replace('_', '-')}`;
export const syncQueueArn = (config: StageConfig, type: string) =>
  `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${syncQueueName(config, type)}`;
export const syncQueueUrl = (config: StageConfig, type: string) =>
  `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${syncQueueName(config, type)}`;

export interface ConnectorSyncProps {
  readonly table: ITable;
  readonly config: StageConfig;
}

/**
 * The connector sync in the cloud (the code is lambdas/modules/connectors/sync/*, the same as
 * `npm start`'s in-process queue):
 * - EventBridge Scheduler invokes the dispatcher hourly; it starts each company in the hour that is
 *   its SyncHour in its own TimeZone (once a day), one message per (agent connector, external
 *   account) on that platform's queue ("Sync now" invokes it with a company and connector);
 * - one SQS queue and one worker per platform (batch size 1, reserved concurrency per platform),
 *   visibility above the worker's timeout; a message failing SYNC_MAX_RECEIVES times goes to the
 *   platform's dead-letter queue, whose alarm notifies the stage's alarm topic;
 * - workers read and write the table and read the stage's connector secrets only; the dispatcher
 *   reads the table and sends to the queues.
 */
export class ConnectorSync extends Construct {
  public readonly dispatcher: MixdeskFunction;
  public readonly workers: Record<string, MixdeskFunction> = {};
  public readonly queues: Record<string, Queue> = {};
  public readonly deadLetterQueues: Record<string, Queue> = {};
  public readonly alarms: Alarm[] = [];
  public readonly schedule: Schedule;
  /** Hourly invocations Scheduler could not deliver (operations-alarms.ts scheduledTarget). */
  public readonly scheduleDeadLetters: Queue;

  constructor(scope: Construct, id: string, props: ConnectorSyncProps) {
    super(scope, id);
    const { table, config } = props;
    const secrets = `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:mixdesk/${config.name}/connectors/*`;

    for (const [type, route] of Object.entries(SYNC_WORKER_HANDLERS) as [
      keyof typeof SYNC_WORKER_HANDLERS,
      (typeof SYNC_WORKER_HANDLERS)[keyof typeof SYNC_WORKER_HANDLERS],
    ][]) {
      const name = route.method.replace('SyncWorker', '');
      const dlq = deadLetterQueue(this, `${name}DeadLetters`, config.logs.removalPolicy);
      const queue = new Queue(this, `${name}Queue`, {
        queueName: syncQueueName(config, type),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // Six times the worker's timeout (AWS's advice for a Lambda event source), so a slow sync is not delivered twice.
        visibilityTimeout: Duration.seconds(SYNC_WORKER_TIMEOUT.toSeconds() * 6),
        retentionPeriod: Duration.days(1),
        deadLetterQueue: { queue: dlq, maxReceiveCount: SYNC_MAX_RECEIVES },
        removalPolicy: config.logs.removalPolicy,
      });
      const worker = new MixdeskFunction(this, `${name}Worker`, {
        route,
        logRetention: config.logs.retention,
        logRemovalPolicy: config.logs.removalPolicy,
        timeout: SYNC_WORKER_TIMEOUT,
      });
      const cfn = worker.node.defaultChild as CfnFunction;
      cfn.reservedConcurrentExecutions = SYNC_WORKER_CONCURRENCY[type];
      cfn.memorySize = 1024;
      worker.addEnvironment('TABLE_NAME', table.tableName);
      worker.addEnvironment('MIXDESK_STAGE', config.name);
      table.grantReadWriteData(worker);
      acknowledgeTableGrant(worker.executionRole, table);
      // The credentials of the agent connector it syncs: read only, the stage's connector secrets only.
      worker.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secrets] }));
      acknowledgeConnectorSecretGrant(worker.executionRole, Stack.of(this), secrets);
      worker.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true }));
      const alarm = deadLetterAlarm(this, `${name}DeadLettersAlarm`, {
        queue: dlq,
        alarmDescription: `A ${type} sync message failed ${SYNC_MAX_RECEIVES} times (an unexpected error, not a platform refusal, which is recorded on its account): see the worker's log, fix, then redrive the dead-letter queue.`,
        measure: 'visible',
      });
      this.workers[type] = worker;
      this.queues[type] = queue;
      this.deadLetterQueues[type] = dlq;
      this.alarms.push(alarm);
    }

    this.dispatcher = new MixdeskFunction(this, 'Dispatcher', {
      route: SYNC_DISPATCH_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      timeout: Duration.minutes(5),
    });
    this.dispatcher.addEnvironment('TABLE_NAME', table.tableName);
    this.dispatcher.addEnvironment(
      'SYNC_QUEUE_URLS',
      Stack.of(this).toJsonString(Object.fromEntries(Object.entries(this.queues).map(([t, q]) => [t, q.queueUrl]))),
    );
    table.grantReadData(this.dispatcher);
    acknowledgeTableGrant(this.dispatcher.executionRole, table);
    for (const q of Object.values(this.queues)) q.grantSendMessages(this.dispatcher);
    const scheduled = scheduledTarget(this, this.dispatcher, 'Connector sync dispatcher', config.logs.removalPolicy);
    this.alarms.push(scheduled.deadLettersAlarm, jobFailureAlarm(this, this.dispatcher, 'Connector sync dispatcher'));
    this.scheduleDeadLetters = scheduled.deadLetters;
    this.schedule = new Schedule(this, 'Hourly', {
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: scheduled.target,
      description: SYNC_DISPATCH_HANDLER.summary.slice(0, 512),
    });
    acknowledgeScheduleInvoke(Stack.of(this), this.dispatcher.functionArn);
  }
}
