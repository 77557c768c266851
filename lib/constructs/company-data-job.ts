import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { COMPANY_DATA_DEAD_LETTERS_HANDLER, COMPANY_DATA_WORKER_HANDLER } from '../../lambdas/jobs/job-handlers';
import { COMPANY_FILE_PREFIXES, EXPORT_PREFIX } from '../../lambdas/modules/company-data/company-files.s3';
import { COMPANY_DATA_MAX_RECEIVES } from '../../lambdas/modules/company-data/job-run';
import { LOGO_PREFIX } from '../../lambdas/modules/configurations/logo-files.s3';
import type { StageConfig } from '../config/stages';
import { acknowledgeConnectorSecretGrant, acknowledgeCreativeGrant, acknowledgeTableGrant } from '../nag';
import type { ServiceStack } from '../service-stack';
import { creativesBucketName } from './creatives-bucket';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';
import { MixdeskFunction } from './mixdesk-function';

/** The worker's time for one job: a whole-table read (twice for a deletion) and a zip of a company. */
export const COMPANY_DATA_WORKER_TIMEOUT = Duration.minutes(15);
/** The worker's /tmp in MB: Lambda's most (10 GiB), where the export's spills and archive are written. */
export const COMPANY_DATA_WORKER_DISK_MB = 10_240;

/** The queue, by name, so CompaniesService's stack can reach it without a cross-stack export. */
export const companyDataQueueName = (config: StageConfig) => `mixdesk-${config.name}-company-data`;
const queueArn = (config: StageConfig) =>
  `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${companyDataQueueName(config)}`;
const queueUrl = (config: StageConfig) =>
  `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${companyDataQueueName(config)}`;

export interface CompanyDataJobProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly config: StageConfig;
}

/**
 * The company data job (lambdas/modules/company-data; `npm start` runs the same code in process):
 * StartCompanyExport and DeleteCompany put one message each on this queue; one worker (batch size 1,
 * 15 minutes, 3 GB for the CPU that comes with it: an export deflates the whole company; 10 GiB of
 * /tmp, where it writes the archive before uploading it) runs it,
 * recording progress on the job's record. A message failing COMPANY_DATA_MAX_RECEIVES times goes to
 * the dead-letter queue, whose consumer ends the job in Error; the alarm on what it receives
 * notifies the stage. Grants: the table (read, write, Scan: the jobs read the whole table), the
 * creatives bucket's company prefixes (list and delete; logos/ read for the plan files; exports/
 * written, a failed multipart upload aborted), AdminDeleteUser on the pool, DeleteSecret on the connectors' secrets.
 */
export class CompanyDataJob extends Construct {
  public readonly worker: MixdeskFunction;
  public readonly deadLetterWorker: MixdeskFunction;
  public readonly queue: Queue;
  public readonly deadLetterQueue: Queue;
  public readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: CompanyDataJobProps) {
    super(scope, id);
    const { table, config, userPool } = props;
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', config.logs.removalPolicy);
    this.queue = new Queue(this, 'Queue', {
      queueName: companyDataQueueName(config),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(COMPANY_DATA_WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: COMPANY_DATA_MAX_RECEIVES },
      removalPolicy: config.logs.removalPolicy,
    });
    this.worker = new MixdeskFunction(this, 'Worker', {
      route: COMPANY_DATA_WORKER_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      timeout: COMPANY_DATA_WORKER_TIMEOUT,
    });
    (this.worker.node.defaultChild as CfnFunction).memorySize = 3008;
    // The export writes its archive to the function's disk (/tmp) before uploading it: the most
    // Lambda gives, billed only for what a run keeps (docs/operations.md).
    (this.worker.node.defaultChild as CfnFunction).ephemeralStorage = { size: COMPANY_DATA_WORKER_DISK_MB };
    this.worker.addEnvironment('TABLE_NAME', table.tableName);
    table.grantReadWriteData(this.worker);
    acknowledgeTableGrant(this.worker.executionRole, table);
    this.grantFiles(config);
    this.worker.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    this.worker.addToRolePolicy(
      new PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser'], resources: [userPool.userPoolArn] }),
    );
    const secrets = `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:mixdesk/${config.name}/connectors/*`;
    this.worker.addEnvironment('MIXDESK_STAGE', config.name);
    this.worker.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:DeleteSecret'], resources: [secrets] }),
    );
    acknowledgeConnectorSecretGrant(this.worker.executionRole, Stack.of(this), secrets);
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));

    this.deadLetterWorker = new MixdeskFunction(this, 'DeadLetterWorker', {
      route: COMPANY_DATA_DEAD_LETTERS_HANDLER,
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
    this.alarm = deadLetterAlarm(this, 'DeadLettersAlarm', {
      queue: this.deadLetterQueue,
      alarmDescription: `A company export or deletion was given up after ${COMPANY_DATA_MAX_RECEIVES} deliveries (its job now says Error): see the worker's log, then start it again.`,
      measure: 'received',
    });
  }

  /** The creatives bucket: list and delete under the company prefixes, read logos/, write exports/. */
  private grantFiles(config: StageConfig): void {
    const bucket = creativesBucketName(config);
    this.worker.addEnvironment('CREATIVES_BUCKET', bucket);
    const stack = Stack.of(this);
    const under = (prefix: string) => `arn:${Aws.PARTITION}:s3:::${bucket}/${prefix}*`;
    const grant = (actions: string[], prefixes: readonly string[]) => {
      const resources = prefixes.map(under);
      this.worker.addToRolePolicy(new PolicyStatement({ actions, resources }));
      for (const r of resources) acknowledgeCreativeGrant(this.worker.executionRole, stack, r);
    };
    // uploads/ holds the CSV, bill and signed-copy uploads too: one prefix covers them.
    grant(['s3:DeleteObject'], [...new Set(COMPANY_FILE_PREFIXES.map((p) => `${p.split('/')[0]}/`))]);
    grant(['s3:GetObject'], [LOGO_PREFIX]);
    // PutObject covers a multipart upload's parts and its completion; a failed one is aborted.
    grant(['s3:PutObject', 's3:AbortMultipartUpload'], [EXPORT_PREFIX]);
    this.worker.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [`arn:${Aws.PARTITION}:s3:::${bucket}`],
        conditions: { StringLike: { 's3:prefix': COMPANY_FILE_PREFIXES.map((p) => `${p}*`) } },
      }),
    );
  }
}

/**
 * CompaniesService's routes of a company's data: the two that start a job send to the queue
 * (named, not referenced), GetCompanyExport signs the archive's download link (s3:GetObject on
 * exports/ only: a pre-signed URL carries its signer's rights).
 */
export const COMPANY_DATA_ROUTE_GRANTS: Record<string, readonly string[]> = {
  StartCompanyExport: ['sqs:SendMessage'],
  DeleteCompany: ['sqs:SendMessage'],
  GetCompanyExport: ['s3:GetObject'],
};

export function grantCompanyDataRoutes(stack: ServiceStack, config: StageConfig): void {
  const bucket = creativesBucketName(config);
  const exports = `arn:${Aws.PARTITION}:s3:::${bucket}/${EXPORT_PREFIX}*`;
  for (const [method, actions] of Object.entries(COMPANY_DATA_ROUTE_GRANTS)) {
    const fn = stack.functions.get(method);
    if (!fn) throw new Error(`CompaniesService has no ${method} function`);
    if (actions.includes('sqs:SendMessage')) {
      fn.addEnvironment('COMPANY_DATA_QUEUE_URL', queueUrl(config));
      fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [queueArn(config)] }));
    } else {
      fn.addEnvironment('CREATIVES_BUCKET', bucket);
      fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [exports] }));
      acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), exports);
    }
  }
}
