import { Stack, type StackProps } from 'aws-cdk-lib';
import { type Alarm, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { METRICS_NAMESPACE, REQUEST_METRICS } from '../lambdas/shared/metric-names';
import { HttpAuthorizer, HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { type RouteDef, routePath } from '../lambdas/manifest';
import { ACCESS_TOKEN_SCOPE } from '../lambdas/shared/access-token';
import { TABLE_DESIGN } from '../lambdas/shared/table-design';
import type { StageConfig } from './config/stages';
import { importAlarmTopic } from './constructs/alarm-topic';
import { MixdeskFunction } from './constructs/mixdesk-function';
import { DASHBOARD_TILES_ROUTE, DASHBOARD_TIMEOUT, grantDashboardTiles } from './constructs/dashboard-tiles-grant';
import { serverErrorRateAlarm, serviceLatencyAlarm } from './constructs/operations-alarms';

/**
 * The service's 5xx rate over 5 minutes, from the kit's EMF metrics (lambdas/kit/metrics.ts,
 * dimension [service]), alarming to the stage's topic above `alarms.serverErrorRate`.
 */
function serviceErrorRateAlarm(stack: Stack, service: string, config: StageConfig, topic: SnsAction): Alarm {
  const metric = (metricName: string) =>
    new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service } });
  const alarm = serverErrorRateAlarm(
    stack,
    'ServerErrorRateAlarm',
    {
      errors: metric(REQUEST_METRICS.serverErrors),
      requests: metric(REQUEST_METRICS.count),
      label: `${service} 5xx rate`,
      description: `${service}: more than ${config.alarms.serverErrorRate * 100} % of requests answered 5xx over 5 minutes. The Lambda logs name each failure (message "unexpected error").`,
    },
    config,
  );
  alarm.addAlarmAction(topic);
  return alarm;
}

export interface ServiceStackProps extends StackProps {
  readonly config: StageConfig;
  /** The service's routes from the manifest (all with the same `service`). */
  readonly routes: readonly RouteDef[];
  /** The stage's table name (StatefulStack.tableName); the stack imports the table by name. */
  readonly tableName: string;
  readonly httpApi: IHttpApi;
  /** Id of the API's Cognito JWT authorizer (ApiStack). */
  readonly authorizerId: string;
}

/**
 * The functions and routes of one service (AuthService, AccountsService, …). One stack per service
 * keeps each stack far below CloudFormation's 500-resource limit (a route costs 7 resources: function,
 * role, policy, log group, integration, route, invoke permission) as the manifest grows.
 */
export class ServiceStack extends Stack {
  /** The function of each route, by method name. */
  public readonly functions = new Map<string, MixdeskFunction>();
  /** The service's 5xx-rate alarm, notifying the stage's alarm topic. */
  public readonly serverErrorAlarm: Alarm;
  /** Its p99-latency alarm, where the stage sets `alarms.latencyP99Ms`. */
  public readonly latencyAlarm?: Alarm;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { config } = props;

    const authorizer = HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'CognitoAuthorizer', {
      authorizerId: props.authorizerId,
      authorizerType: 'JWT',
    });

    const table = Table.fromTableAttributes(this, 'Table', {
      tableName: props.tableName,
      // Read routes query the GSIs too; naming them makes the grants cover index ARNs.
      globalIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName),
    });

    for (const route of props.routes) {
      const tiles = route.service === DASHBOARD_TILES_ROUTE.service && route.method === DASHBOARD_TILES_ROUTE.method;
      const fn = new MixdeskFunction(this, route.method, {
        route,
        logRetention: config.logs.retention,
        logRemovalPolicy: config.logs.removalPolicy,
        ...(tiles ? { timeout: DASHBOARD_TIMEOUT } : {}),
      });
      fn.bindTable(table, route.access);
      if (tiles) grantDashboardTiles(fn, table);
      fn.addEnvironment('MIXDESK_METRICS_DETAIL', config.requestMetrics);

      new HttpRoute(this, `${route.method}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(routePath(route), HttpMethod.POST),
        integration: new HttpLambdaIntegration(`${route.method}Integration`, fn),
        // Every route is signed-in only; there is no public route (sign-in itself talks to Cognito).
        authorizer,
        // Only access tokens carry a scope: without this an ID token of the same app client would
        // pass the JWT authorizer (it checks issuer and audience only). See shared/access-token.ts.
        authorizationScopes: [ACCESS_TOKEN_SCOPE],
      });
      this.functions.set(route.method, fn);
    }
    const topic = new SnsAction(importAlarmTopic(this, config));
    this.serverErrorAlarm = serviceErrorRateAlarm(this, props.routes[0].service, config, topic);
    this.latencyAlarm = serviceLatencyAlarm(this, props.routes[0].service, config);
    this.latencyAlarm?.addAlarmAction(topic);
  }
}
