import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One document client per Lambda container, made lazily so a cold start pays only for what it uses.
 * DYNAMODB_ENDPOINT points the same code at DynamoDB Local (npm start, tests).
 */
let client: DynamoDBDocumentClient | undefined;

/**
 * The SDK's logger middleware runs `logger?.info?.({ input: filter(input), output: filter(output) })`
 * after every call: with the default no-op logger the filters still run, walking every item of the
 * reply through its schema (a profile of activity performance — 1,800 rollup items a call — put
 * 8 % of the process's CPU in schemaLogFilter). A logger without `info` skips the call and its
 * arguments; the client logs nothing either way (errors reach the caller, whose log names them).
 */
const QUIET_LOGGER = {
  debug: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as NonNullable<DynamoDBClientConfig['logger']>;

export function ddb(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const base = new DynamoDBClient({
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      region: process.env.AWS_REGION ?? 'local',
      maxAttempts: 3,
      logger: QUIET_LOGGER,
    });
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return client;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
