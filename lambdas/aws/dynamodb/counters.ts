import { UpdateCommand } from './commands';
import { ddb, tableName } from './client';
import { keys } from './keys';

/**
 * Next id of an entity in one company (atomic ADD). Allocated before the create transaction, so a
 * failed create leaves a gap; ids are unique, not dense.
 */
export async function nextId(companyId: number, entity: string): Promise<number> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(companyId, entity),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}
