import { randomUUID } from 'node:crypto';
import { PutCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { keys } from '../../aws/dynamodb/keys';
import type { CrashReport } from './store';

/** Crash reports are kept 90 days, then DynamoDB TTL removes them. */
export const CRASH_RETENTION_DAYS = 90;

export async function putCrashReport(r: CrashReport): Promise<string> {
  const id = randomUUID();
  const expiresAt = Math.floor(Date.parse(r.at) / 1000) + CRASH_RETENTION_DAYS * 86400;
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: keys.crashPk(r.companyId), sk: `${r.at}#${id}`, entity: 'CrashReport', id, ...r, expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return id;
}
