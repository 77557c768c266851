import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One document client per Lambda container, made lazily so a cold start pays only for what it uses.
 * DYNAMODB_ENDPOINT points the same code at DynamoDB Local (npm start, tests).
 */
let client: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const base = new DynamoDBClient({
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      region: process.env.AWS_REGION ?? 'local',
      maxAttempts: 3,
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
