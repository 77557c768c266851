/**
 * Stands in for `@smithy/core/event-streams` in Lambda bundles (an esbuild alias, lib/lambda-bundling.ts).
 * The SDK's HTTP protocol loads the event-stream codec on demand, for operations that stream events
 * (Bedrock, Transcribe, S3 Select…); DynamoDB has none, yet the bundler inlines the whole codec,
 * ~19 kB of every bundle that can never run. Should an operation ever stream events, it fails
 * loudly here rather than silently.
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
