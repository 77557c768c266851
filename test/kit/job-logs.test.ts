import { lambdaContext } from '../../local/http-event';
import type * as DeadLetters from '../../lambdas/jobs/csv-import-dead-letters';
import type * as SyncDispatch from '../../lambdas/jobs/sync-dispatch';

/**
 * Jobs, workers and stream consumers log and count through the route kit (lambdas/kit/job-handler.ts):
 * real handlers invoked as Lambda invokes them, their output read back. A run that throws is logged
 * with its job and Lambda context and counted as one failure; a batch's failed messages are counted
 * as failures while the run goes on.
 */
interface Line {
  [key: string]: unknown;
}

/** What a run writes to stdout and stderr (Powertools writes warnings and errors to stderr), as JSON lines. */
async function outputOf(run: () => Promise<unknown>): Promise<Line[]> {
  const written: string[] = [];
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((s) => s.write.bind(s));
  for (const s of streams)
    s.write = ((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof s.write;
  try {
    await run().catch(() => undefined);
  } finally {
    streams.forEach((s, i) => (s.write = originals[i]));
  }
  return written
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
}

const emfOf = (lines: Line[]) => lines.filter((l) => l._aws !== undefined);

let deadLetters: typeof DeadLetters.handler;
let syncDispatch: typeof SyncDispatch.handler;

// Metrics are off outside Lambda unless turned on before the kit is loaded (kit/metrics.ts).
beforeAll(async () => {
  delete process.env.MIXDESK_LOG_LEVEL;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  ({ handler: deadLetters } = await import('../../lambdas/jobs/csv-import-dead-letters'));
  ({ handler: syncDispatch } = await import('../../lambdas/jobs/sync-dispatch'));
});
afterAll(() => {
  delete process.env.POWERTOOLS_METRICS_DISABLED;
  delete process.env.SYNC_QUEUE_URLS;
  process.env.MIXDESK_LOG_LEVEL = 'silent';
});

it('a job that throws is logged with its job and Lambda context, counted as a failure, and rethrown', async () => {
  process.env.SYNC_QUEUE_URLS = '{not json';
  const context = lambdaContext('mixdesk-sync-dispatch');
  await expect(syncDispatch({}, context)).rejects.toThrow(SyntaxError);
  const lines = await outputOf(() => syncDispatch({}, context));

  const failed = lines.find((l) => l.message === 'job failed');
  expect(failed).toMatchObject({
    level: 'ERROR',
    job: 'Jobs.SyncDispatch',
    errorName: 'SyntaxError',
    function_name: 'mixdesk-sync-dispatch',
    function_request_id: context.awsRequestId,
  });
  const [emf] = emfOf(lines);
  expect(emf._aws).toMatchObject({
    CloudWatchMetrics: [
      {
        Namespace: 'Mixdesk',
        Dimensions: expect.arrayContaining([['service', 'job'], ['service']]),
        Metrics: expect.arrayContaining([
          { Name: 'Runs', Unit: 'Count' },
          { Name: 'Failures', Unit: 'Count' },
        ]),
      },
    ],
  });
  expect(emf).toMatchObject({ service: 'Jobs', job: 'SyncDispatch', Runs: 1, Failures: 1 });
  expect(typeof emf.Duration).toBe('number');
});

it("a worker's failed message is logged with its id and the job, and counted; the batch answers it", async () => {
  const context = lambdaContext('mixdesk-csv-dead-letters');
  const event = {
    Records: [{ messageId: 'm-1', body: '{"companyId": "not a number"}' }],
  };
  let reply: unknown;
  const lines = await outputOf(async () => {
    reply = await deadLetters(event, context);
  });
  expect(reply).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
  expect(lines.find((l) => l.message === 'csv import dead letter not recorded')).toMatchObject({
    level: 'ERROR',
    messageId: 'm-1',
    job: 'Jobs.CsvImportDeadLetters',
    function_name: 'mixdesk-csv-dead-letters',
    function_request_id: context.awsRequestId,
  });
  expect(emfOf(lines)[0]).toMatchObject({ service: 'Jobs', job: 'CsvImportDeadLetters', Runs: 1, Failures: 1 });
});

it('a run after a failed one starts without the previous run’s keys', async () => {
  const first = lambdaContext('mixdesk-first');
  await outputOf(() => deadLetters({ Records: [{ messageId: 'm-2', body: 'x' }] }, first));
  const lines = await outputOf(() => deadLetters({ Records: [] }, lambdaContext('mixdesk-second')));
  expect(emfOf(lines)[0]).toMatchObject({ job: 'CsvImportDeadLetters', Runs: 1, Failures: 0 });
  expect(lines.some((l) => l.function_name === 'mixdesk-first')).toBe(false);
});
