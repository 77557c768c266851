import { Duration, Stack } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  PACING_DIGEST_HANDLER,
  PACING_DIGEST_UNSUBSCRIBE_HANDLER,
  PACING_DIGEST_UNSUBSCRIBE_PATH,
} from '../../lambdas/jobs/job-handlers';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { StageConfig } from '../config/stages';
import { acknowledgeDigestUnsubscribeRoute, acknowledgeScheduleInvoke } from '../nag';
import { importAlarmTopic } from './alarm-topic';
import { jobFailureAlarm, scheduledTarget } from './operations-alarms';
import { grantLinkKey } from './contact-confirmation';
import { MixdeskFunction } from './mixdesk-function';
import { grantStageMail } from './stage-mail';

export interface PacingDigestJobProps {
  readonly config: StageConfig;
  /** The stage's table, imported by name (StatefulStack.tableName). */
  readonly tableName: string;
  readonly httpApi: IHttpApi;
  /** The API's base URL (ends with '/'): the mails' unsubscribe links point at `<apiUrl>digest-unsubscribe`. */
  readonly apiUrl: string;
  /** The stage's signed-link key (the API stack's): the unsubscribe links sign their own purpose. */
  readonly linkKey: ISecret;
}

/**
 * The pacing digest (docs/notifications.md "Pacing digest"), in the API stack beside the other
 * public pages:
 * - the JOB: EventBridge Scheduler invokes it hourly (a digest is due at the company's morning, daily
 *   or on Monday, in its time zone); each user and period is claimed with a conditional write, so a
 *   retried or overlapping invocation never mails twice. An invocation the scheduler could not
 *   deliver after its retries lands in a dead-letter queue, with an alarm;
 * - the PAGE `GET /digest-unsubscribe`: without the JWT authorizer, the signed link is the
 *   authority (one company, one user; it can only turn that user's digest off).
 */
export class PacingDigestJob extends Construct {
  public readonly function: MixdeskFunction;
  public readonly page: MixdeskFunction;
  public readonly schedule: Schedule;
  public readonly deadLetters: Queue;
  public readonly deadLettersAlarm: Alarm;

  constructor(scope: Construct, id: string, props: PacingDigestJobProps) {
    super(scope, id);
    const { config } = props;
    const table = Table.fromTableAttributes(this, 'Table', {
      tableName: props.tableName,
      globalIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName),
    });
    const unsubscribeUrl = `${props.apiUrl}${PACING_DIGEST_UNSUBSCRIBE_PATH.slice(1)}`;

    this.function = new MixdeskFunction(this, 'Handler', {
      route: PACING_DIGEST_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      // Each company with a user due: its live activities' pacing (as GetPacingAlerts reads it), then a mail per user.
      timeout: Duration.minutes(10),
    });
    // Reads users, settings, activities, plans and actuals; writes the claims and the bell's notifications.
    this.function.bindTable(table, 'write');
    this.function.addEnvironment('DIGEST_UNSUBSCRIBE_URL', unsubscribeUrl);
    this.function.addEnvironment('CONSOLE_URL', config.notifications.consoleUrl);
    grantLinkKey(this.function, props.linkKey);
    grantStageMail(this.function, config);

    // Retries are safe: the claims make a run idempotent.
    const scheduled = scheduledTarget(this, this.function, 'Pacing digest', config.logs.removalPolicy);
    this.deadLetters = scheduled.deadLetters;
    this.deadLettersAlarm = scheduled.deadLettersAlarm;
    this.schedule = new Schedule(this, 'Hourly', {
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: scheduled.target,
      description: PACING_DIGEST_HANDLER.summary,
    });
    const topic = new SnsAction(importAlarmTopic(this, config));
    for (const alarm of [this.deadLettersAlarm, jobFailureAlarm(this, this.function, 'Pacing digest')])
      alarm.addAlarmAction(topic);
    acknowledgeScheduleInvoke(Stack.of(this), this.function.functionArn);

    this.page = new MixdeskFunction(this, 'Unsubscribe', {
      route: PACING_DIGEST_UNSUBSCRIBE_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
    });
    // Reads the user, the setting and the company; writes the setting with its audit entry.
    this.page.bindTable(table, 'write');
    grantLinkKey(this.page, props.linkKey);
    acknowledgeDigestUnsubscribeRoute(
      new HttpRoute(this, 'UnsubscribeRoute', {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(PACING_DIGEST_UNSUBSCRIBE_PATH, HttpMethod.GET),
        integration: new HttpLambdaIntegration('UnsubscribeIntegration', this.page),
        authorizer: new HttpNoneAuthorizer(),
      }),
    );
  }
}
