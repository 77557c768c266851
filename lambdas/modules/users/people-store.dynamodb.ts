import { tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';

/**
 * The names of a company's users by e-mail (lower case), for showing people by name where a plan
 * records who acted by e-mail (submitted / approved / rejected by, the client's answer). One Query of
 * the company partition's `USER#` items, projected to the two attributes: a company has tens of users.
 */
export async function userNamesOf(companyId: number): Promise<Map<string, string>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':user': 'USER#' },
    ProjectionExpression: 'email, #name',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  const names = new Map<string, string>();
  for (const i of items) {
    if (typeof i.email === 'string' && typeof i.name === 'string' && i.name.trim())
      names.set(i.email.toLowerCase(), i.name.trim());
  }
  return names;
}
