import { UpdateCommand } from './commands';
import { ddb, tableName } from './client';
import { keys } from './keys';

/**
 * `count` consecutive new ids of an entity in one company with one atomic ADD (the same counter
 * `nextId` uses), for creates that make many items at once.
 */
export async function nextIds(companyId: number, entity: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(companyId, entity),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(out.Attributes?.value);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** Splits a list into pieces of at most `size`. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
