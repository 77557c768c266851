import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpStage,
  type IHttpApi,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StageConfig } from './config/stages';
import { ContactConfirmation } from './constructs/contact-confirmation';
import { ScheduledReports } from './constructs/report-schedules-job';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { importAlarmTopic } from './constructs/alarm-topic';
import { apiServerErrorAlarm, slowRouteAlarm } from './constructs/operations-alarms';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The stage's table name (StatefulStack.tableName): the scheduled reports' functions import it by name. */
  readonly tableName: string;
}

/** Headers the console sends (docs/domain.md): the Cognito access token and the account in view. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'x-account-id'];

/**
 * The shared HTTP API: the API itself, its Cognito JWT authorizer, the throttled default stage and
 * its access log. It holds no manifest routes: each service stack adds its own, so no stack grows
 * with the whole manifest. It holds the scheduled reports (the hourly dispatcher and the
 * public `GET /unsubscribe`, lib/constructs/report-schedules-job.ts), whose mails link to this API,
 * and the vendor contacts' public confirmation page with the stage's signed-link key
 * (lib/constructs/contact-confirmation.ts).
 */
export class ApiStack extends Stack {
  public readonly httpApi: IHttpApi;
  /** The JWT authorizer every route must use; service stacks import it by id. */
  public readonly authorizerId: string;
  /** Base URL of the API (ends with '/'), as the console's config.json gives it. */
  public readonly apiUrl: string;
  /** The API's host URL without a path, for the console's Content-Security-Policy. */
  public readonly apiEndpoint: string;
  public readonly scheduledReports: ScheduledReports;
  /** The vendor contacts' confirmation page and its senders' grants (lib/constructs/contact-confirmation.ts). */
  public readonly contactConfirmation: ContactConfirmation;
  /**
   * The stage's signed-link key (the secret lambdas/aws/link-key.ts reads): any function that signs or
   * reads links gets it through `grantLinkKey(fn, api.linkKey)` (lib/constructs/contact-confirmation.ts).
   */
  public readonly linkKey: ISecret;
  /** A request near a route's timeout (lib/constructs/operations-alarms.ts). */
  public readonly slowRouteAlarm: Alarm;
  public readonly serverErrorRateAlarm: Alarm;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;

    const api = new HttpApi(this, 'HttpApi', {
      description: `Mixdesk API (${config.name})`,
      // Our own default stage below carries throttling and access logs, which the built-in one cannot.
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: consoleOrigins(config),
        allowHeaders: ALLOWED_HEADERS,
        allowMethods: [CorsHttpMethod.POST, CorsHttpMethod.OPTIONS],
        maxAge: Duration.hours(1),
      },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logs.retention,
      removalPolicy: config.logs.removalPolicy,
    });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.api.throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    const authorizer = new HttpAuthorizer(this, 'CognitoAuthorizer', {
      httpApi: api,
      authorizerName: 'cognito-jwt',
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      // Access tokens carry the app client in client_id, which API Gateway checks against this list.
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    this.httpApi = api;
    this.authorizerId = authorizer.authorizerId;
    this.apiUrl = stage.url;
    this.apiEndpoint = api.apiEndpoint;
    this.scheduledReports = new ScheduledReports(this, 'ScheduledReports', {
      config,
      tableName: props.tableName,
      httpApi: api,
      apiUrl: this.apiUrl,
    });
    this.contactConfirmation = new ContactConfirmation(this, 'ContactConfirmation', {
      config,
      tableName: props.tableName,
      httpApi: api,
      apiUrl: this.apiUrl,
    });
    this.linkKey = this.contactConfirmation.linkKey;
    // Any request near its own route's timeout; and the API's 5xx, those of functions killed by their timeout included.
    const topic = new SnsAction(importAlarmTopic(this, config));
    this.slowRouteAlarm = slowRouteAlarm(this);
    this.slowRouteAlarm.addAlarmAction(topic);
    this.serverErrorRateAlarm = apiServerErrorAlarm(this, api.metricServerError(), api.metricCount(), config);
    this.serverErrorRateAlarm.addAlarmAction(topic);
    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl });
  }
}

/** The configured origins plus the custom console domain, if the stage has one. */
function consoleOrigins(config: StageConfig): string[] {
  const origins = new Set(config.api.consoleOrigins);
  if (config.customDomain) origins.add(`https://${config.customDomain.domainName}`);
  return [...origins];
}

/** One JSON line per request; never a header, so tokens are never logged (docs/domain.md). */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    responseLength: '$context.responseLength',
    user: '$context.authorizer.claims.sub',
    authorizerError: '$context.authorizer.error',
    integrationError: '$context.integrationErrorMessage',
  }),
);
