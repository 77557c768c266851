import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import {
  METRICS_NAMESPACE,
  NEAR_TIMEOUT_METRIC,
  NEAR_TIMEOUT_SHARE,
  REQUEST_METRICS as M,
} from '../shared/metric-names';

/**
 * Per-route request metrics in CloudWatch's embedded metric format (EMF: a JSON line on stdout
 * that CloudWatch Logs turns into metrics — no API call on the request path), through Powertools.
 * Namespace `Mixdesk`; each request adds Count, Latency (ms), 4xx and 5xx (0 or 1) in two
 * dimension sets: [service] — what each service stack's 5xx-rate alarm reads
 * (lib/service-stack.ts) — and [service, route], for a route's own graph.
 *
 * Emitted in Lambda only: outside it (npm start, jest, benches) nothing reads EMF from stdout, so
 * metrics are off unless POWERTOOLS_METRICS_DISABLED says otherwise (a test turns them on).
 */
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE });

/** One service per Lambda in the cloud; the local server runs them all in one process. */
let defaultService: string | undefined;

/**
 * The stage's detail (MIXDESK_METRICS_DETAIL, lib/config/stages.ts): `routes` adds the [service,
 * route] set, `services` keeps [service] alone, `errors` only Count and 5xx per service (what the
 * 5xx-rate alarm reads; a route's latency is its function's own Duration). Each metric and dimension
 * set that receives data is a CloudWatch custom metric billed by the month: per route they were most
 * of a stage's fixed cost (docs/cost.md).
 */
const detail = () => process.env.MIXDESK_METRICS_DETAIL ?? 'routes';
const perRoute = () => detail() === 'routes';

export function recordRequest(service: string, method: string, statusCode: number, ms: number): void {
  if (service !== defaultService) {
    metrics.clearDefaultDimensions();
    metrics.setDefaultDimensions({ service });
    defaultService = service;
  }
  if (perRoute()) {
    metrics.addDimensions({ route: method });
    // A new dimension set holds the default dimensions plus the ones given: {} gives [service] alone.
    metrics.addDimensions({});
  }
  metrics.addMetric(M.count, MetricUnit.Count, 1);
  if (detail() !== 'errors') {
    metrics.addMetric(M.latency, MetricUnit.Milliseconds, Math.round(ms));
    metrics.addMetric(M.clientErrors, MetricUnit.Count, statusCode >= 400 && statusCode < 500 ? 1 : 0);
  }
  metrics.addMetric(M.serverErrors, MetricUnit.Count, statusCode >= 500 ? 1 : 0);
  metrics.publishStoredMetrics();
}

/**
 * A request that took more than NEAR_TIMEOUT_SHARE of its function's own timeout (`budgetMs`: the
 * time the call had when the handler started): its own EMF line, the metric without dimensions (one
 * custom metric for the stage, billed only in the hours it gets data), with the route and the times as
 * properties, so the log line names the route. Routes' timeouts differ (10 s, or the API's 29 s for
 * the few that need it): the API's one slow-route alarm reads this rather than a latency in ms.
 * True when the request was near its timeout.
 */
export function recordNearTimeout(service: string, method: string, ms: number, budgetMs: number): boolean {
  if (!(budgetMs > 0) || ms <= NEAR_TIMEOUT_SHARE * budgetMs) return false;
  if (process.env.POWERTOOLS_METRICS_DISABLED === 'true') return true;
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        { Namespace: METRICS_NAMESPACE, Dimensions: [[]], Metrics: [{ Name: NEAR_TIMEOUT_METRIC, Unit: 'Count' }] },
      ],
    },
    [NEAR_TIMEOUT_METRIC]: 1,
    service,
    route: method,
    ms: Math.round(ms),
    budgetMs: Math.round(budgetMs),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return true;
}

/** The metrics of a job, worker or stream consumer run (kit/job-handler.ts). */
export const JOB_METRICS = {
  runs: 'Runs',
  /** Items of the run that failed (a batch's failed messages or records), or 1 for a run that threw. */
  failures: 'Failures',
  duration: 'Duration',
} as const;

/** One run of a job, with the dimensions [service] and [service, job] (service: Jobs or Streams). */
export function recordJobRun(service: string, job: string, failures: number, ms: number): void {
  if (service !== defaultService) {
    metrics.clearDefaultDimensions();
    metrics.setDefaultDimensions({ service });
    defaultService = service;
  }
  metrics.addDimensions({ job });
  metrics.addDimensions({});
  metrics.addMetric(JOB_METRICS.runs, MetricUnit.Count, 1);
  metrics.addMetric(JOB_METRICS.failures, MetricUnit.Count, failures);
  metrics.addMetric(JOB_METRICS.duration, MetricUnit.Milliseconds, Math.round(ms));
  metrics.publishStoredMetrics();
}
