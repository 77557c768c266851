/**
 * The request metrics' detail (lambdas/kit/metrics.ts): per route, each request's EMF line holds the
 * [service, route] and [service] dimension sets; per service, [service] alone — each set that gets
 * data being a custom metric CloudWatch bills by the month (docs/cost.md).
 */
import { buildHttpEvent, lambdaContext } from '../../local/http-event';

// Imported once metrics are on: the module reads POWERTOOLS_METRICS_DISABLED when it is loaded.
let recordRequest: typeof import('../../lambdas/kit/metrics').recordRequest;
let recordNearTimeout: typeof import('../../lambdas/kit/metrics').recordNearTimeout;

/** What `run` writes to stdout, line by line. */
async function linesOf(run: () => unknown): Promise<string[]> {
  const written: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof write;
  try {
    await run();
  } finally {
    process.stdout.write = write;
  }
  return written.join('').split('\n').filter(Boolean);
}

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
  ({ recordRequest, recordNearTimeout } = await import('../../lambdas/kit/metrics'));
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

describe('a request near its own timeout', () => {
  const nearTimeout = (lines: string[]) =>
    lines
      .map((l) => JSON.parse(l))
      .filter((l) => l._aws?.CloudWatchMetrics?.[0].Metrics[0].Name === 'RequestsNearTimeout');

  it('counts past 80 % of the time the call had, in one stage-wide metric naming the route', async () => {
    const quick = await linesOf(() => expect(recordNearTimeout('AService', 'GetThing', 7_999, 10_000)).toBe(false));
    expect(quick).toEqual([]);
    const slow = nearTimeout(
      await linesOf(() => expect(recordNearTimeout('AService', 'GetThing', 24_000, 29_000)).toBe(true)),
    );
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ RequestsNearTimeout: 1, service: 'AService', route: 'GetThing', budgetMs: 29_000 });
    // No dimensions: one custom metric for the stage, whatever the route.
    expect(slow[0]._aws.CloudWatchMetrics[0].Dimensions).toEqual([[]]);
    // A 29 s route at 9 s is not near its timeout, though a 10 s route would be.
    expect(recordNearTimeout('AService', 'GetThing', 9_000, 29_000)).toBe(false);
    expect(recordNearTimeout('AService', 'GetThing', 9_000, 10_000)).toBe(true);
  });

  it('the handler kit measures each call against the time its invocation had', async () => {
    const { handler } = await import('../../lambdas/modules/configurations/handlers/get-configurations');
    // An ID token is refused by the kit before any read (401).
    const event = buildHttpEvent({
      path: '/ConfigurationsService/GetConfigurations',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      claims: { sub: 'someone', token_use: 'id' },
    });
    const roomy = await linesOf(async () => {
      const r = await handler(event, lambdaContext('GetConfigurations', 29_000));
      expect(r.statusCode).toBe(401);
    });
    expect(nearTimeout(roomy)).toEqual([]);
    // The same call, with (nearly) no time left when it started.
    const tight = await linesOf(() =>
      handler(event, { ...lambdaContext('GetConfigurations'), getRemainingTimeInMillis: () => 0.0001 }),
    );
    expect(nearTimeout(tight)).toEqual([
      expect.objectContaining({ service: 'ConfigurationsService', route: 'GetConfigurations' }),
    ]);
  });
});
