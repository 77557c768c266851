import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { AlarmTopic } from './constructs/alarm-topic';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import {
  AttributeType,
  BillingMode,
  type ITable,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import {
  AccountRecovery,
  FeaturePlan,
  type IUserPool,
  type IUserPoolClient,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { TABLE_DESIGN } from '../lambdas/shared/table-design';
import type { StageConfig } from './config/stages';
import { ActivityScheduleJob } from './constructs/activity-schedule-job';
import { ConnectorSync } from './constructs/connector-sync';
import { CsvImportJob } from './constructs/csv-import-job';
import { CompanyDataJob } from './constructs/company-data-job';
import { CreativesBucket } from './constructs/creatives-bucket';
import { CreativesCdn } from './constructs/creatives-cdn';
import { LineAuditStream } from './constructs/line-audit-stream';
import { PlanNotificationsStream } from './constructs/plan-notifications-stream';
import { DashboardTilesStream } from './constructs/dashboard-tiles-stream';
import { acknowledgeUserPoolFindings } from './nag';
import { StageOperations } from './constructs/stage-operations';
import { ROUTES } from '../lambdas/manifest';
import { MixdeskFunction } from './constructs/mixdesk-function';
import { USER_POOL_MAIL_HANDLER } from '../lambdas/jobs/job-handlers';
import { TEMPORARY_PASSWORD_DAYS } from '../lambdas/modules/users/user-pool-mail';

export interface StatefulStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * What holds data: the one DynamoDB table and the Cognito user pool. Kept apart from the
 * stateless stacks so those can be destroyed and rebuilt freely; protected by the stage config
 * (RETAIN, deletion and termination protection in prod).
 */
export class StatefulStack extends Stack {
  public readonly table: ITable;
  /**
   * The table's fixed name. Stateless stacks import the table by this name rather than by a
   * cross-stack reference: the stateful stack then exports nothing the functions hold on to, and
   * the grants name the table literally (readable policies, stable cdk-nag finding ids).
   */
  public readonly tableName: string;
  public readonly userPool: IUserPool;
  /** Where the stage's alarms go (lib/constructs/alarm-topic.ts). */
  public readonly alarmTopic: Topic;
  public readonly userPoolClient: IUserPoolClient;
  /** The user pool's CustomMessage trigger: its mails in the recipient's language (docs/users.md "Invitations"). */
  public readonly userPoolMail: MixdeskFunction;
  /** The consumer of the table's change stream: audit entries of one-write line changes. */
  public readonly lineAudit: LineAuditStream;
  /** The second consumer: notifications (and e-mails) of plan approval events. */
  public readonly planNotifications: PlanNotificationsStream;
  public readonly dashboardTiles: DashboardTilesStream;
  public readonly activitySchedule: ActivityScheduleJob;
  public readonly connectorSync: ConnectorSync;
  /** CSV imports too large for the import call (lambdas/modules/connectors/csv-import-run.ts). */
  public readonly csvImport: CsvImportJob;
  /** A company's data export and deletion (lambdas/modules/company-data). */
  public readonly companyData: CompanyDataJob;
  /** Image and video files of plan lines (CreativesService). */
  public readonly creatives: CreativesBucket;
  /** What serves them to the console: signed URLs, nosniff and a sandboxing CSP. */
  public readonly creativesCdn: CreativesCdn;
  /** Stage-wide alarms, the dashboard and the table's backups (lib/constructs/stage-operations.ts). */
  public readonly operations: StageOperations;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    const { config } = props;
    super(scope, id, { ...props, terminationProtection: config.stateful.terminationProtection });

    this.tableName = `mixdesk-${config.name}`;
    const table = this.makeTable(config, this.tableName);
    this.table = table;
    // The stream consumers live beside the table rather than in a stateless stack: see TableStreamConsumer.
    this.lineAudit = new LineAuditStream(this, 'LineAudit', { table, config });
    // Every alarm of the stage notifies one topic; service stacks import it by name.
    this.alarmTopic = new AlarmTopic(this, 'Alarms', config).topic;
    this.lineAudit.failureAlarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.planNotifications = new PlanNotificationsStream(this, 'PlanNotifications', { table, config });
    this.planNotifications.failureAlarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.dashboardTiles = new DashboardTilesStream(this, 'DashboardTiles', { table, config });
    this.dashboardTiles.failureAlarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.creatives = new CreativesBucket(this, 'Creatives', { config });
    this.creativesCdn = new CreativesCdn(this, 'CreativesCdn', {
      config,
      bucket: this.creatives.bucket,
      logs: this.creatives.logs,
    });
    // Beside the table, as the stream consumer: a job of the data, not of a service's API.
    this.activitySchedule = new ActivityScheduleJob(this, 'ActivitySchedule', { table, config });
    // The connector sync: a job of the data too, with its queues and dead-letter alarms.
    this.connectorSync = new ConnectorSync(this, 'ConnectorSync', { table, config });
    for (const alarm of this.connectorSync.alarms) alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.csvImport = new CsvImportJob(this, 'CsvImport', { table, config });
    this.csvImport.alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    for (const alarm of this.activitySchedule.alarms) alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    // Beside the pool: the pool names it as a trigger, and it reads nothing of the table.
    this.userPoolMail = new MixdeskFunction(this, 'UserPoolMail', {
      route: USER_POOL_MAIL_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      // Cognito waits 5 s for a trigger.
      timeout: Duration.seconds(5),
    });
    const userPool = this.makeUserPool(config, this.userPoolMail);
    this.userPool = userPool;
    // Deletes a company's pool users, so it comes after the pool.
    this.companyData = new CompanyDataJob(this, 'CompanyData', { table, userPool, config });
    this.companyData.alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.operations = this.makeOperations(config, table);
    for (const alarm of this.operations.alarms) alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.userPoolClient = new UserPoolClient(this, 'ConsoleClient', {
      userPool,
      // A browser app cannot keep a secret.
      generateSecret: false,
      // SRP for the console; USER_PASSWORD_AUTH only where the stage says so (scripted tests on dev).
      authFlows: { userSrp: true, userPassword: config.auth.userPasswordAuth },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    // What the admin script (scripts/admin.ts, README "Administration") reads to reach this stage.
    new CfnOutput(this, 'TableName', { value: this.tableName, description: "The stage's DynamoDB table" });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId, description: "The stage's Cognito user pool" });
  }

  private makeOperations(config: StageConfig, table: Table): StageOperations {
    const sync = this.connectorSync;
    const visible = (q: {
      metricApproximateNumberOfMessagesVisible: Queue['metricApproximateNumberOfMessagesVisible'];
    }) => q.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: Duration.minutes(5) });
    return new StageOperations(this, 'Operations', {
      config,
      table,
      tableName: this.tableName,
      services: [...new Set(ROUTES.map((r) => r.service))],
      jobs: [
        this.activitySchedule.function,
        sync.dispatcher,
        ...Object.values(sync.workers),
        this.csvImport.worker,
        this.companyData.worker,
        this.lineAudit.function,
        this.planNotifications.function,
        this.dashboardTiles.function,
      ],
      syncDispatcher: sync.dispatcher,
      syncWorkers: sync.workers,
      queues: { ...sync.queues, csv_import: this.csvImport.queue, company_data: this.companyData.queue },
      deadLetters: {
        ...Object.fromEntries(Object.entries(sync.deadLetterQueues).map(([t, q]) => [t, visible(q)])),
        csv_import: this.csvImport.deadLetterQueue.metricNumberOfMessagesReceived({ statistic: 'Sum' }),
        company_data: this.companyData.deadLetterQueue.metricNumberOfMessagesReceived({ statistic: 'Sum' }),
        line_audit: visible(this.lineAudit.failureQueue),
        plan_notifications: visible(this.planNotifications.failureQueue),
        dashboard_tiles: visible(this.dashboardTiles.failureQueue),
        activity_schedule_invocations: visible(this.activitySchedule.scheduleDeadLetters),
        sync_dispatch_invocations: visible(sync.scheduleDeadLetters),
      },
    });
  }

  /** The table exactly as TABLE_DESIGN describes it (the local stack builds it from the same object). */
  private makeTable(config: StageConfig, tableName: string): Table {
    const table = new Table(this, 'Table', {
      tableName,
      partitionKey: { name: TABLE_DESIGN.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DESIGN.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: config.stateful.deletionProtection,
      removalPolicy: config.stateful.removalPolicy,
      timeToLiveAttribute: TABLE_DESIGN.timeToLiveAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      stream: StreamViewType[TABLE_DESIGN.stream.viewType],
    });
    for (const gsi of TABLE_DESIGN.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
      });
    }
    return table;
  }

  private makeUserPool(config: StageConfig, customMessage: MixdeskFunction): UserPool {
    const pool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      selfSignUpEnabled: config.auth.selfSignUp,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(TEMPORARY_PASSWORD_DAYS),
      },
      // Cognito's own invitation and code mails are one text per pool: the trigger writes each in its reader's language.
      lambdaTriggers: { customMessage },
      // Users turn TOTP on themselves; a company can make it compulsory with RequireMfa (docs/domain.md).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: config.auth.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: config.auth.threatProtection
        ? StandardThreatProtectionMode.FULL_FUNCTION
        : undefined,
      removalPolicy: config.stateful.removalPolicy,
      deletionProtection: config.stateful.deletionProtection,
    });
    acknowledgeUserPoolFindings(pool, config);
    return pool;
  }
}
