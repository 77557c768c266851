/**
 * What tracing needs of Powertools' tracer, in a file of its own: a Lambda bundle does not carry it
 * (~120 kB with the X-Ray SDK that every cold init would parse) but loads it beside itself on the
 * first traced call (lib/lambda-bundling.ts TRACER_CHUNK; lambdas/kit/tracing.ts).
 */
export { Tracer } from '@aws-lambda-powertools/tracer';
export { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
