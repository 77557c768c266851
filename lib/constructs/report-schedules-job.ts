import { Duration, Stack } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { CONFIRM_RECIPIENT_PATH, REPORT_SCHEDULES_HANDLER, UNSUBSCRIBE_HANDLER } from '../../lambdas/jobs/job-handlers';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { StageConfig } from '../config/stages';
import { acknowledgeScheduleInvoke, acknowledgeUnsubscribeKey, acknowledgeUnsubscribeRoute } from '../nag';
import { MixdeskFunction } from './mixdesk-function';
import { grantStageMail } from './stage-mail';
import { importAlarmTopic } from './alarm-topic';
import { durationAlarm, jobFailureAlarm, scheduledTarget } from './operations-alarms';

/** The unsubscribe path (GET; lambdas/public/unsubscribe.ts, and the same path on local/api-server.ts). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export interface ScheduledReportsProps {
  readonly config: StageConfig;
  /** The stage's table, imported by name (StatefulStack.tableName). */
  readonly tableName: string;
  readonly httpApi: IHttpApi;
  /** The API's base URL (ends with '/'): the unsubscribe links point at `<apiUrl>unsubscribe`. */
  readonly apiUrl: string;
}

/**
 * Scheduled reports by e-mail (docs/reports.md "Scheduled reports"), in the API stack
 * because the mails link to the API's unsubscribe route:
 * - the DISPATCHER: EventBridge Scheduler invokes it every hour (a run is due at a company's midnight
 *   + its delay, in whole hours); each due schedule is claimed with a conditional write, so an
 *   overlapping invocation never sends twice. It mails through the stage's one SES identity;
 * - the UNSUBSCRIBE route `GET /unsubscribe`: a public route without the JWT authorizer. It is
 *   safe public: it acts only on an HMAC-SHA256-signed token naming one company, one schedule and
 *   one address (lambdas/modules/reports/unsubscribe-token.ts), and only removes that address from that
 *   schedule; without the key nobody can make a token, and an altered one is refused;
 * - the KEY: a Secrets Manager secret this stack generates, read once per container by both functions.
 * `npm start` runs the same code: the dispatcher every minute, the route on local/api-server.ts.
 */
export class ScheduledReports extends Construct {
  public readonly dispatcher: MixdeskFunction;
  public readonly unsubscribe: MixdeskFunction;
  public readonly schedule: Schedule;
  public readonly unsubscribeKey: Secret;
  /** The dispatcher's Scheduler dead letters, failed runs and long runs, to the stage's alarm topic. */
  public readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: ScheduledReportsProps) {
    super(scope, id);
    const { config } = props;
    const table = Table.fromTableAttributes(this, 'Table', {
      tableName: props.tableName,
      globalIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName),
    });
    this.unsubscribeKey = new Secret(this, 'UnsubscribeKey', {
      description: 'HMAC key of the unsubscribe links in scheduled report mails',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: config.stateful.removalPolicy,
    });
    acknowledgeUnsubscribeKey(this.unsubscribeKey);

    this.dispatcher = new MixdeskFunction(this, 'Dispatcher', {
      route: REPORT_SCHEDULES_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      // Each due report: a report read (up to 2,000 activities' rollups), an Excel file, a mail per recipient.
      timeout: Duration.minutes(10),
    });
    // Reads the due index and what a report reads; writes the claims, retries and the send log.
    this.dispatcher.bindTable(table, 'write');
    this.dispatcher.addEnvironment('UNSUBSCRIBE_SECRET_ARN', this.unsubscribeKey.secretArn);
    this.dispatcher.addEnvironment('UNSUBSCRIBE_URL', `${props.apiUrl}${UNSUBSCRIBE_PATH.slice(1)}`);
    this.dispatcher.addEnvironment('CONFIRM_RECIPIENT_URL', `${props.apiUrl}${CONFIRM_RECIPIENT_PATH.slice(1)}`);
    this.unsubscribeKey.grantRead(this.dispatcher);
    // Mails from the stage's one SES identity, where the stage sends mail.
    grantStageMail(this.dispatcher, config);
    // Retried like the other jobs: a retry never sends twice (a schedule is claimed before it is sent,
    // and a failed invocation's claims stand); failed sends are the dispatcher's own retries.
    const scheduled = scheduledTarget(this, this.dispatcher, 'Scheduled reports', config.logs.removalPolicy);
    this.alarms = [
      scheduled.deadLettersAlarm,
      jobFailureAlarm(this, this.dispatcher, 'Scheduled reports'),
      durationAlarm(this, 'DurationAlarm', [this.dispatcher], 'Scheduled reports'),
    ];
    const topic = new SnsAction(importAlarmTopic(this, config));
    for (const alarm of this.alarms) alarm.addAlarmAction(topic);
    this.schedule = new Schedule(this, 'Hourly', {
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: scheduled.target,
      description: REPORT_SCHEDULES_HANDLER.summary,
    });
    acknowledgeScheduleInvoke(Stack.of(this), this.dispatcher.functionArn);

    this.unsubscribe = new MixdeskFunction(this, 'Unsubscribe', {
      route: UNSUBSCRIBE_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
    });
    // Reads and updates one schedule item (its Recipients) with its audit entry.
    this.unsubscribe.bindTable(table, 'write');
    this.unsubscribe.addEnvironment('UNSUBSCRIBE_SECRET_ARN', this.unsubscribeKey.secretArn);
    this.unsubscribeKey.grantRead(this.unsubscribe);
    const route = new HttpRoute(this, 'UnsubscribeRoute', {
      httpApi: props.httpApi,
      routeKey: HttpRouteKey.with(UNSUBSCRIBE_PATH, HttpMethod.GET),
      integration: new HttpLambdaIntegration('UnsubscribeIntegration', this.unsubscribe),
      // The one public route: the signed token is the authority (see above).
      authorizer: new HttpNoneAuthorizer(),
    });
    acknowledgeUnsubscribeRoute(route);
    // The outside recipients' confirmation link, the same handler and authority (a signed token naming one
    // company and one address, which it can only confirm): GET shows a button, its POST confirms.
    const integration = new HttpLambdaIntegration('ConfirmRecipientIntegration', this.unsubscribe);
    for (const method of [HttpMethod.GET, HttpMethod.POST]) {
      acknowledgeUnsubscribeRoute(
        new HttpRoute(this, `ConfirmRecipientRoute${method}`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(CONFIRM_RECIPIENT_PATH, method),
          integration,
          authorizer: new HttpNoneAuthorizer(),
        }),
      );
    }
  }
}
