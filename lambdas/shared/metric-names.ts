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
