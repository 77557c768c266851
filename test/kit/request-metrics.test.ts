/**
 * The request metrics' detail (lambdas/kit/metrics.ts): per route, each request's EMF line holds the
 * [service, route] and [service] dimension sets; per service, [service] alone — each set that gets
 * data being a custom metric CloudWatch bills by the month (docs/cost.md).
 */
// Imported once metrics are on: the module reads POWERTOOLS_METRICS_DISABLED when it is loaded.
let recordRequest: typeof import('../../lambdas/kit/metrics').recordRequest;

function emfOf(detail: string | undefined, service: string): Record<string, any> {
  const written: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof write;
  if (detail === undefined) delete process.env.MIXDESK_METRICS_DETAIL;
  else process.env.MIXDESK_METRICS_DETAIL = detail;
  try {
    recordRequest(service, 'GetThing', 500, 12);
  } finally {
    process.stdout.write = write;
    delete process.env.MIXDESK_METRICS_DETAIL;
  }
  const line = written
    .join('')
    .split('\n')
    .find((l) => l.includes('"CloudWatchMetrics"'));
  return JSON.parse(line!);
}

beforeAll(async () => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  ({ recordRequest } = await import('../../lambdas/kit/metrics'));
});
afterAll(() => {
  delete process.env.POWERTOOLS_METRICS_DISABLED;
});

it('keeps the route set unless the stage asks for services only', () => {
  const routes = emfOf(undefined, 'AService');
  expect(routes._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'route'], ['service']]);
  expect(routes.route).toBe('GetThing');

  const services = emfOf('services', 'BService');
  expect(services._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
  expect(services).not.toHaveProperty('route');
  expect([services.service, services['5xx'], services.Count]).toEqual(['BService', 1, 1]);

  const errors = emfOf('errors', 'CService');
  expect(errors._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
  expect(errors._aws.CloudWatchMetrics[0].Metrics.map((m: { Name: string }) => m.Name).sort()).toEqual([
    '5xx',
    'Count',
  ]);
});
