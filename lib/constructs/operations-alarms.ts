import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  METRICS_NAMESPACE,
  NEAR_TIMEOUT_METRIC,
  NEAR_TIMEOUT_SHARE,
  REQUEST_METRICS,
} from '../../lambdas/shared/metric-names';
import type { StageConfig } from '../config/stages';
import { acknowledgeScheduleDeadLetters } from '../nag';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';

/**
 * The stage's operational alarms beyond the 5xx rates and stream/queue dead letters (docs/operations.md
 * "Alarms"). Plain functions, as dead-letters.ts: each alarm stays a child of its caller's scope, and
 * the caller adds the stage topic's action.
 */

const FIVE_MINUTES = Duration.minutes(5);

/** Retries of a scheduled job's invocation by EventBridge Scheduler before the event goes to its dead-letter queue. */
export const SCHEDULE_RETRIES = 2;
/** How long Scheduler keeps trying to deliver one hourly event (the next run comes an hour later anyway). */
export const SCHEDULE_MAX_EVENT_AGE = Duration.hours(1);
/** A function alarms when one invocation took this share of its timeout (the kit's near-timeout requests use the same). */
export const DURATION_SHARE = NEAR_TIMEOUT_SHARE;

export interface ScheduledTarget {
  readonly target: LambdaInvoke;
  readonly deadLetters: Queue;
  readonly deadLettersAlarm: Alarm;
}

/**
 * The Scheduler target of an hourly job: retried SCHEDULE_RETRIES times within SCHEDULE_MAX_EVENT_AGE,
 * then kept on an encrypted, TLS-only dead-letter queue whose first message raises an alarm. Scheduler
 * invokes the function asynchronously: its dead letters are invocations Lambda never accepted
 * (throttled, function missing, permission lost); a run that fails inside the function is the job's
 * failure alarm.
 */
export function scheduledTarget(
  scope: Construct,
  fn: LambdaFunction,
  job: string,
  removalPolicy: RemovalPolicy,
): ScheduledTarget {
  const deadLetters = deadLetterQueue(scope, 'ScheduleDeadLetters', removalPolicy);
  acknowledgeScheduleDeadLetters(deadLetters);
  const target = new LambdaInvoke(fn, {
    retryAttempts: SCHEDULE_RETRIES,
    maxEventAge: SCHEDULE_MAX_EVENT_AGE,
    deadLetterQueue: deadLetters,
  });
  const deadLettersAlarm = deadLetterAlarm(scope, 'ScheduleDeadLettersAlarm', {
    queue: deadLetters,
    alarmDescription: `${job}: EventBridge Scheduler could not invoke the job ${SCHEDULE_RETRIES + 1} times in an hour (throttled, or the function or its permission is gone): the run was skipped. See the message's attributes for the error, fix, then invoke the function once by hand.`,
    measure: 'visible',
  });
  return { target, deadLetters, deadLettersAlarm };
}

/** Goes off when a scheduled job's function fails a run (Lambda's Errors, any in 5 minutes). */
export function jobFailureAlarm(scope: Construct, fn: LambdaFunction, job: string): Alarm {
  return new Alarm(scope, 'FailureAlarm', {
    alarmDescription: `${job}: a run failed (the function threw or timed out; Lambda retries it twice). Its log group names the error; a run is idempotent, so once fixed the next hourly run catches up.`,
    metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * One alarm over up to ten functions: the largest share of its own timeout any of them took in 5
 * minutes (MAX of each Duration maximum divided by its timeout), above DURATION_SHARE. One metric-math
 * alarm per stack instead of one per function; the description lists the functions to look at.
 */
export function durationAlarm(scope: Construct, id: string, functions: readonly LambdaFunction[], what: string): Alarm {
  if (functions.length === 0 || functions.length > 10) throw new Error('durationAlarm: 1 to 10 functions');
  const usingMetrics: Record<string, IMetric> = {};
  const shares = functions.map((fn, i) => {
    usingMetrics[`d${i}`] = fn.metricDuration({ period: FIVE_MINUTES, statistic: 'Maximum' });
    return `d${i} / ${(fn.timeout ?? Duration.seconds(3)).toMilliseconds()}`;
  });
  return new Alarm(scope, id, {
    alarmDescription: `${what}: an invocation took more than ${DURATION_SHARE * 100} % of its function's timeout. Find the function in the Duration graph (each is divided by its own timeout), then its log: a job near its timeout will soon time out and fail.`,
    metric: new MathExpression({
      expression: `MAX([${shares.join(', ')}])`,
      usingMetrics,
      period: FIVE_MINUTES,
      label: 'Largest share of timeout',
    }),
    threshold: DURATION_SHARE,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Lambda throttles of the account (AWS/Lambda Throttles without dimensions) less those of the sync
 * workers: their reserved concurrency throttles SQS deliveries on purpose (the message waits on its
 * queue). Anything else throttled is a route refused (API 5xx the kit never sees) or a job delayed.
 */
export function lambdaThrottleAlarm(scope: Construct, config: StageConfig, expected: readonly LambdaFunction[]): Alarm {
  const usingMetrics: Record<string, IMetric> = {
    total: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES }),
  };
  expected.forEach((fn, i) => (usingMetrics[`w${i}`] = fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })));
  const minus = expected.map((_, i) => ` - FILL(w${i}, 0)`).join('');
  return new Alarm(scope, 'LambdaThrottlesAlarm', {
    alarmDescription: `Lambda throttled ${config.alarms.lambdaThrottles} or more invocations in 5 minutes (sync workers not counted): the account's concurrency is exhausted. Requests are refused with 5xx. Find the function in the Lambda console (Throttles by function); raise the account's concurrency quota or lower a runaway caller.`,
    metric: new MathExpression({
      expression: `FILL(total, 0)${minus}`,
      usingMetrics,
      period: FIVE_MINUTES,
      label: 'Throttles (sync workers excluded)',
    }),
    threshold: config.alarms.lambdaThrottles,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** Read and write throttle events of the table and its indexes: an on-demand table throttles only past its partition limits. */
export function tableThrottleAlarm(scope: Construct, tableName: string, indexNames: readonly string[]): Alarm {
  const usingMetrics: Record<string, IMetric> = {};
  const parts = [undefined, ...indexNames].flatMap((index) =>
    ['ReadThrottleEvents', 'WriteThrottleEvents'].map((m) => ({ index, m })),
  );
  parts.forEach(({ index, m }, i) => {
    usingMetrics[`t${i}`] = new Metric({
      namespace: 'AWS/DynamoDB',
      metricName: m,
      dimensionsMap: index ? { TableName: tableName, GlobalSecondaryIndexName: index } : { TableName: tableName },
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });
  });
  return new Alarm(scope, 'TableThrottlesAlarm', {
    alarmDescription: `DynamoDB throttled reads or writes of ${tableName} or its indexes in 5 minutes (on demand, so a hot partition key or a burst past the table's peak). The SDK retried them; find the caller in the X-Ray traces or the functions' logs (ThrottlingException).`,
    metric: new MathExpression({
      expression: parts.map((_, i) => `FILL(t${i}, 0)`).join(' + '),
      usingMetrics,
      period: FIVE_MINUTES,
      label: 'Throttle events',
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/** SES's review thresholds are 5 % bounces and 0.1 % complaints; these alarms go off at half of each. */
export const SES_BOUNCE_RATE = 0.025;
export const SES_COMPLAINT_RATE = 0.0005;

/** The account's SES reputation, where the stage mails (notifications.email.enabled); none elsewhere. */
export function sesReputationAlarms(scope: Construct, config: StageConfig): Alarm[] {
  if (!config.notifications.email.enabled) return [];
  const alarm = (id: string, metricName: string, threshold: number, what: string) =>
    new Alarm(scope, id, {
      alarmDescription: `SES ${what} rate above ${threshold * 100} % (AWS reviews the account at twice that and may pause its sending). Check the bounced or complaining addresses in the SES console's reputation dashboard; remove them from schedules and contacts.`,
      metric: new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) }),
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  return [
    alarm('SesBounceRateAlarm', 'Reputation.BounceRate', SES_BOUNCE_RATE, 'bounce'),
    alarm('SesComplaintRateAlarm', 'Reputation.ComplaintRate', SES_COMPLAINT_RATE, 'complaint'),
  ];
}

/** The kit's per-request metric of one service (lambdas/kit/metrics.ts, dimension [service]). */
export function serviceMetric(service: string, metricName: string, statistic: string, period = FIVE_MINUTES): Metric {
  return new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service }, statistic, period });
}

/**
 * A service's p99 latency over 15 minutes above the stage's `alarms.latencyP99Ms` (none where it is
 * null). The kit measures the handler, so a route killed at its 10 s timeout is not in it: the API's
 * own maximum latency alarm (apiLatencyAlarm) covers those.
 */
export function serviceLatencyAlarm(scope: Construct, service: string, config: StageConfig): Alarm | undefined {
  const threshold = config.alarms.latencyP99Ms;
  if (threshold === null) return undefined;
  return new Alarm(scope, 'LatencyAlarm', {
    alarmDescription: `${service}: p99 latency above ${threshold} ms over 15 minutes. The X-Ray traces of the service's functions show where the time goes (a table query, an external call, a cold start).`,
    metric: serviceMetric(service, REQUEST_METRICS.latency, 'p99', Duration.minutes(15)),
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Any request that took more than DURATION_SHARE of its own function's timeout, in 5 minutes: the
 * kit's stage-wide near-timeout count (lambdas/kit/metrics.ts recordNearTimeout). Each route is held
 * to its own timeout (10 s, or the HTTP API's 29 s for the few that need it), which one API latency
 * threshold could not do. A function killed by its timeout records nothing: the API's own 5xx
 * (apiServerErrorAlarm) counts it.
 */
export function slowRouteAlarm(scope: Construct): Alarm {
  return new Alarm(scope, 'SlowRouteAlarm', {
    alarmDescription: `A request took more than ${DURATION_SHARE * 100} % of its route's timeout: that route will soon time out (500). The metric's own line in the function logs (Logs Insights: RequestsNearTimeout) names the route, the time taken (ms) and the time it had (budgetMs).`,
    metric: new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: NEAR_TIMEOUT_METRIC,
      statistic: 'Sum',
      period: FIVE_MINUTES,
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * A 5xx rate over 5 minutes above the stage's `alarms.serverErrorRate`, fewer than 5 requests in the
 * window counting as 0 (one failure of two calls at night is not an incident): the services' alarms
 * (the kit's metrics) and the API's own (API Gateway's) are this one shape.
 */
export function serverErrorRateAlarm(
  scope: Construct,
  id: string,
  m: { errors: Metric; requests: Metric; label: string; description: string },
  config: StageConfig,
): Alarm {
  const sum = (metric: Metric) => metric.with({ statistic: 'Sum', period: FIVE_MINUTES });
  return new Alarm(scope, id, {
    alarmDescription: m.description,
    metric: new MathExpression({
      expression: 'IF(requests >= 5, errors / requests, 0)',
      usingMetrics: { errors: sum(m.errors), requests: sum(m.requests) },
      period: FIVE_MINUTES,
      label: m.label,
    }),
    threshold: config.alarms.serverErrorRate,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * The HTTP API's own 5xx rate (AWS/ApiGateway, all routes): the answers the kit never sees — a
 * function killed by its timeout, throttled, or failing before the kit.
 */
export function apiServerErrorAlarm(scope: Construct, errors: Metric, requests: Metric, config: StageConfig): Alarm {
  return serverErrorRateAlarm(
    scope,
    'ApiServerErrorRateAlarm',
    {
      errors,
      requests,
      label: 'API 5xx rate',
      description: `The API answered more than ${config.alarms.serverErrorRate * 100} % of requests 5xx over 5 minutes, the ones no function logged included (a function killed by its timeout or throttled). The API's access log (status, routeKey) names the routes; then their functions' logs ("Task timed out") and throttles.`,
    },
    config,
  );
}
