/**
 * Stands in for `@smithy/core/event-streams` in Lambda bundles (an esbuild alias, lib/lambda-bundling.ts).
 * The SDK's HTTP protocol loads the event-stream codec on demand, for operations that stream events
 * (Bedrock, Transcribe, S3 Select…); DynamoDB has none, yet the bundler inlines the whole codec,
 * ~19 kB of every bundle that can never run. Should an operation ever stream events, it fails
 * loudly here rather than silently.
 *
 * The Bedrock client (AI analytics, lambdas/ai/bedrock-analyst.ts) names more of the module: it
 * resolves its event-stream config and builds an event-stream payload handler (with a codec) when
 * constructed, though Converse never streams (ConverseStream would). Those build here and refuse
 * only when used.
 */
const refuse = (): never => {
  throw new Error('Event streams are not bundled in Mixdesk Lambdas (lib/lambda-bundling.ts)');
};

export const eventStreamSerdeProvider = refuse;

export class EventStreamSerde {
  constructor() {
    refuse();
  }
}

/** Resolves no event-stream marshaller: the operations this code calls do not stream. */
export const resolveEventStreamSerdeConfig = <T>(input: T): T => input;

/** Built by the Bedrock client's event-stream payload handler at construction; refuses to encode or decode. */
export class EventStreamCodec {
  encode(): never {
    return refuse();
  }

  decode(): never {
    return refuse();
  }
}

export const iterableToReadableStream = refuse;
export const readableStreamToIterable = refuse;
