import { envCredentials, localCredentials, type CredentialSource } from '../signed-post';
import { documentOutput, wireInput, type DocumentCommand } from './commands';
import { PartitionRegistrar } from './partition-registry';
import { dynamoCaller, type DynamoCallerOptions } from './wire';

/**
 * The one way to DynamoDB: `ddb().send(new GetCommand(…))`, the document client's call with its
 * commands (aws/dynamodb/commands.ts), over DynamoDB's JSON protocol on the shared signed POST
 * (aws/dynamodb/wire.ts) instead of the SDK's client, whose import was most of a route's cold init.
 * Made lazily, once per Lambda container. DYNAMODB_ENDPOINT points the same code at DynamoDB Local
 * (npm start, tests) with static local credentials; unset, the region's endpoint is signed with the
 * Lambda role's credentials from the environment (or an operator's, `useDynamoCredentials`).
 */
export interface DocumentClient {
  send<O>(command: DocumentCommand<unknown, O>): Promise<O>;
}

/**
 * Each try's limit. In the cloud a call answers in milliseconds, and a stalled connection is better
 * tried again within the function's time; DynamoDB Local on a busy test machine is given longer, so a
 * slow answer is never sent twice.
 */
const TIMEOUT_MS = 5_000;
const LOCAL_TIMEOUT_MS = 60_000;

/** Tries of a write sent as a transaction with its partition-registry entries that met another. */
const REGISTERING_TRIES = 3;

let client: DocumentClient | undefined;
let operatorCredentials: CredentialSource | undefined;

export function ddb(): DocumentClient {
  if (!client) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const region = process.env.AWS_REGION ?? 'local';
    client = documentClient({
      endpoint: endpoint ?? `https://dynamodb.${region}.amazonaws.com/`,
      region,
      credentials:
        operatorCredentials ?? (endpoint ? localCredentials : async () => envCredentials((m) => new Error(m))),
      maxAttempts: 3,
      timeoutMs: endpoint ? LOCAL_TIMEOUT_MS : TIMEOUT_MS,
    });
  }
  return client;
}

/**
 * A client on any endpoint (`ddb()` is the function's own). A write that may create an item first
 * registers the company partitions it names (aws/dynamodb/partition-registry.ts).
 */
export function documentClient(options: DynamoCallerOptions): DocumentClient {
  const call = dynamoCaller(options);
  const registrar = new PartitionRegistrar(call, options.sleep);
  return {
    async send(command) {
      const wire = wireInput(command);
      for (let attempt = 1; ; attempt++) {
        const sent = await registrar.prepare(command.operation, command.input as object, wire);
        let reply;
        try {
          reply = await call(sent.operation, sent.input);
        } catch (err) {
          if (attempt < REGISTERING_TRIES && sent.again?.(err)) continue;
          throw sent.failed(err);
        }
        sent.done();
        return documentOutput(command, reply);
      }
    },
  };
}

/** Scripts run by an operator sign with the SDK's credential chain (a profile, SSO) instead of the environment's. */
export function useDynamoCredentials(credentials: CredentialSource): void {
  operatorCredentials = credentials;
  client = undefined;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
