import type { MiddlewareObj, Request } from '@middy/core';
import { errorFields, log } from '../core/logger';
import { chunkHref } from './chunk-file';

/**
 * X-Ray tracing of every function (routes, jobs, workers, stream consumers) through Powertools'
 * tracer: a `## handler` subsegment per call with the cold start and service annotated, and a
 * subsegment for each outgoing HTTP(S) request and fetch — every AWS SDK client's and the
 * hand-signed callers' — which the tracer captures globally, so no client is wrapped one by one.
 *
 * On in Lambda only (the function construct turns active tracing on): where no X-Ray daemon listens
 * (npm start, jest, benches: no AWS_LAMBDA_FUNCTION_NAME), or with POWERTOOLS_TRACE_ENABLED=false,
 * it is off and the tracer and the X-Ray SDK under it are never loaded. In Lambda they are loaded
 * by the first call, not while the bundle loads, from a file of their own beside the bundle
 * (lib/lambda-bundling.ts TRACER_CHUNK): parsed or evaluated with the bundle they would put routes'
 * cold init over its budget (docs/benchmarks.md "What each bundling choice buys").
 * Tracing never fails a call: a tracer that does not load or throws is logged and left out.
 */
export const tracingOn = (env: NodeJS.ProcessEnv = process.env): boolean =>
  !!env.AWS_LAMBDA_FUNCTION_NAME && env.POWERTOOLS_TRACE_ENABLED !== 'false';

type Phase = 'before' | 'after' | 'onError';
type Middleware = MiddlewareObj<unknown, unknown, Error>;

let loading: Promise<Middleware | undefined> | undefined;

function powertoolsTracing(): Promise<Middleware | undefined> {
  loading ??= load().catch((err: unknown) => {
    log.warn('tracing off: the tracer did not load', errorFields(err));
    return undefined;
  });
  return loading;
}

/**
 * The tracer: in a Lambda bundle, the file beside it that the bundle's build names (esbuild replaces
 * MIXDESK_TRACER_CHUNK with its name, so the source below is not bundled); from source, the module.
 */
const importTracer = (): Promise<typeof import('./tracer-chunk')> =>
  process.env.MIXDESK_TRACER_CHUNK ? import(chunkHref(process.env.MIXDESK_TRACER_CHUNK)) : import('./tracer-chunk');

async function load(): Promise<Middleware> {
  const { Tracer, captureLambdaHandler } = await importTracer();
  const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'mixdesk' });
  // A reply may hold people's names and figures: traces keep timings and errors, not replies.
  return captureLambdaHandler(tracer, { captureResponse: false }) as Middleware;
}

/** The middy middleware of the kit's handlers: Powertools' handler capture when tracing is on, nothing otherwise. */
export function tracing(): Middleware {
  const on = tracingOn();
  const phase =
    (name: Phase) =>
    async (request: Request<unknown, unknown, Error>): Promise<void> => {
      if (!on) return;
      const middleware = await powertoolsTracing();
      try {
        await middleware?.[name]?.(request);
      } catch (err) {
        log.warn('tracing failed; the call goes on untraced', { phase: name, ...errorFields(err) });
      }
    };
  return { before: phase('before'), after: phase('after'), onError: phase('onError') };
}
