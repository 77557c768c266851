import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { errorFields, log, logger } from '../core/logger';
import { recordJobRun } from './metrics';
import { tracing } from './tracing';

/** A job as the manifest of handlers names it (jobs/job-handlers.ts, jobs/sync-handlers.ts, streams/stream-handlers.ts). */
interface JobName {
  service: string;
  method: string;
}

/** The part of a Lambda context the logger middleware reads; a local caller may give none. */
type JobContext = object;

/** An SQS or change-stream batch reply: the items that failed are retried. */
const failedItemsOf = (reply: unknown): number => {
  const failures = (reply as { batchItemFailures?: unknown } | null)?.batchItemFailures;
  return Array.isArray(failures) ? failures.length : 0;
};

/**
 * The kit's pipeline for what is not a route — scheduled jobs, queue workers, change-stream
 * consumers — as `serviceHandler` is for routes: Powertools' logger context (request id, function
 * name, cold start, and `job` on every line of the run), the X-Ray subsegment (kit/tracing.ts), and
 * per run the EMF metrics Runs, Failures (a batch's failed items, or 1 when the run threw) and
 * Duration. A run that throws is logged with its job and context, then rethrown so Lambda retries
 * it as before.
 */
export function jobHandler<E, R>(
  job: JobName,
  run: (event: E) => Promise<R>,
): (event: E, context?: JobContext) => Promise<R> {
  const name = `${job.service}.${job.method}`;
  const handler = middy<E, R>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracing())
    .handler(async (event) => {
      logger.appendKeys({ job: name });
      const started = performance.now();
      try {
        const reply = await run(event);
        recordJobRun(job.service, job.method, failedItemsOf(reply), performance.now() - started);
        return reply;
      } catch (err) {
        log.error('job failed', { job: name, ...errorFields(err) });
        recordJobRun(job.service, job.method, 1, performance.now() - started);
        throw err;
      }
    });
  return (event, context) => handler(event, (context ?? {}) as Parameters<typeof handler>[1]);
}
