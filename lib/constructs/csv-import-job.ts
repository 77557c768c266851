import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CSV_IMPORT_DEAD_LETTERS_HANDLER, CSV_IMPORT_WORKER_HANDLER } from '../../lambdas/jobs/job-handlers';
import { CSV_UPLOAD_PREFIX } from '../../lambdas/modules/connectors/csv-upload-store.s3';
import { CSV_IMPORT_MAX_RECEIVES } from '../../lambdas/shared/connectors';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant, acknowledgeTableGrant } from '../nag';
import { creativesBucketName } from './creatives-bucket';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';
import { MixdeskFunction } from './mixdesk-function';

export { CSV_IMPORT_DEAD_LETTERS_HANDLER, CSV_IMPORT_MAX_RECEIVES, CSV_IMPORT_WORKER_HANDLER };

/** The worker's time for one import (20,000 rows took ~50 s on a loaded machine: room to spare). */
export const CSV_IMPORT_WORKER_TIMEOUT = Duration.minutes(10);

/** The queue, by name, so the import route's stack can reach it without a cross-stack export. */
export const csvImportQueueName = (config: StageConfig) => `mixdesk-${config.name}-csv-import`;
export const csvImportQueueArn = (config: StageConfig) =>
  `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${csvImportQueueName(config)}`;
export const csvImportQueueUrl = (config: StageConfig) =>
  `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${csvImportQueueName(config)}`;

export interface CsvImportJobProps {
  readonly table: ITable;
  readonly config: StageConfig;
}

/**
 * The CSV import job (lambdas/modules/connectors/csv-import-run.ts; `npm start` runs the same code in process):
 * ImportCampaignStatsCsv puts a checked file over CSV_INLINE_MAX_ROWS rows on this queue; one worker
 * (batch size 1) writes it from its pinned copy in the creatives bucket's uploads/csv/, recording the
 * progress and the end on the import's run. Visibility above the worker's timeout; a delivery that
 * fails before the last is delivered again (the write resumes). A message failing
 * CSV_IMPORT_MAX_RECEIVES times (the worker's last delivery could not record its end, or the worker
 * died or ran out of time each time) goes to the dead-letter queue, whose consumer ends the run in
 * Error; the alarm on the messages it receives notifies the stage.
 */
export class CsvImportJob extends Construct {
  public readonly worker: MixdeskFunction;
  public readonly deadLetterWorker: MixdeskFunction;
  public readonly queue: Queue;
  public readonly deadLetterQueue: Queue;
  public readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: CsvImportJobProps) {
    super(scope, id);
    const { table, config } = props;
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', config.logs.removalPolicy);
    this.queue = new Queue(this, 'Queue', {
      queueName: csvImportQueueName(config),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the worker's timeout (AWS's advice for a Lambda event source), so a slow import is not delivered twice.
      visibilityTimeout: Duration.seconds(CSV_IMPORT_WORKER_TIMEOUT.toSeconds() * 6),
      // The pinned file expires with the bucket's uploads/ rule after a day: a later message has nothing to write.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: CSV_IMPORT_MAX_RECEIVES },
      removalPolicy: config.logs.removalPolicy,
    });
    this.worker = new MixdeskFunction(this, 'Worker', {
      route: CSV_IMPORT_WORKER_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      timeout: CSV_IMPORT_WORKER_TIMEOUT,
    });
    (this.worker.node.defaultChild as CfnFunction).memorySize = 1024;
    const bucket = creativesBucketName(config);
    this.worker.addEnvironment('TABLE_NAME', table.tableName);
    this.worker.addEnvironment('CREATIVES_BUCKET', bucket);
    table.grantReadWriteData(this.worker);
    acknowledgeTableGrant(this.worker.executionRole, table);
    // Reads the pinned file and deletes it once written (or refused): that prefix only.
    const files = `arn:${Aws.PARTITION}:s3:::${bucket}/${CSV_UPLOAD_PREFIX}*`;
    this.worker.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [files] }),
    );
    acknowledgeCreativeGrant(this.worker.executionRole, Stack.of(this), files);
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    // The dead letters' consumer reads and writes the runs only (no file).
    this.deadLetterWorker = new MixdeskFunction(this, 'DeadLetterWorker', {
      route: CSV_IMPORT_DEAD_LETTERS_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      timeout: Duration.seconds(30),
    });
    this.deadLetterWorker.addEnvironment('TABLE_NAME', table.tableName);
    table.grantReadWriteData(this.deadLetterWorker);
    acknowledgeTableGrant(this.deadLetterWorker.executionRole, table);
    this.deadLetterWorker.addEventSource(
      new SqsEventSource(this.deadLetterQueue, { batchSize: 1, reportBatchItemFailures: true }),
    );
    // Consumed at once, so the queue's depth says little: the messages its consumer received do.
    this.alarm = deadLetterAlarm(this, 'DeadLettersAlarm', {
      queue: this.deadLetterQueue,
      alarmDescription: `A CSV import was given up after ${CSV_IMPORT_MAX_RECEIVES} deliveries (its run now says Error, reason gaveUp): see the worker's log.`,
      measure: 'received',
    });
  }
}
