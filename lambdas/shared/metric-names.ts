/**
 * Names the kit's EMF metrics (lambdas/kit/metrics.ts) and the CDK alarms that read them
 * (lib/service-stack.ts) share, so the two cannot drift apart.
 */
export const METRICS_NAMESPACE = 'Mixdesk';
export const REQUEST_METRICS = {
  count: 'Count',
  latency: 'Latency',
  clientErrors: '4xx',
  serverErrors: '5xx',
} as const;

/** A function's run or request past this share of its own timeout is near it: the duration alarms' and the kit's threshold. */
export const NEAR_TIMEOUT_SHARE = 0.8;

/**
 * Requests that took more than NEAR_TIMEOUT_SHARE of their function's own timeout (kit/metrics.ts
 * recordNearTimeout): one metric for the stage, without dimensions, that the API's slow-route alarm reads.
 */
export const NEAR_TIMEOUT_METRIC = 'RequestsNearTimeout';
