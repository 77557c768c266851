import { createHash } from 'node:crypto';
import { ConflictError, staleVersion } from '../../core/errors';
import type { AccountView as Account } from '../../shared/replies/accounts';
import { tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import type { NamedWrite } from '../../aws/dynamodb/transaction';
import { foldName } from '../../shared/normalise-text';

/**
 * The name claim of an active account: one item per (parent, folded name), so two active accounts
 * under one parent cannot have the same name (case- and look-alike-insensitive: shared/normalise-text.ts
 * foldName). Written with `attribute_not_exists` in the account's own transaction and deleted when
 * the account is archived or renamed: race-safe, and the key says who holds the name.
 */
export const NAME_CLAIM_ENTITY = 'AccountName';

export function nameClaimKey(companyId: number, parentId: number | null, name: string) {
  const fold = foldName(name);
  // A sort key holds at most 1 KB; NFKC can lengthen a name a lot, so a long fold is hashed.
  const spelled = Buffer.byteLength(fold, 'utf8') > 400 ? `#${createHash('sha256').update(fold).digest('hex')}` : fold;
  return { pk: companyPk(companyId), sk: `ACCOUNTNAME#${parentId ?? 0}#${spelled}` };
}

const claimConflict = (a: Account) =>
  new ConflictError(
    `An active account named "${a.Name}" was just saved under the same ${a.ParentId === null ? 'company' : 'main account'}; choose another name`,
    'ACCOUNT_NAME_TAKEN',
    { name: a.Name },
  );

/**
 * The claim writes of one account change: release the name it held (active before) and take the
 * one it will hold (active after), when these differ. A claim is taken only if free or already
 * this account's; an account saved before claims existed holds none, so releasing tolerates absence.
 */
export function nameClaimWrites(companyId: number, before: Account | null, after: Account): NamedWrite[] {
  const held = before?.Status === 'Active' ? nameClaimKey(companyId, before.ParentId, before.Name) : undefined;
  const wanted = after.Status === 'Active' ? nameClaimKey(companyId, after.ParentId, after.Name) : undefined;
  if (held?.sk === wanted?.sk) return [];
  const mine = {
    ConditionExpression: 'attribute_not_exists(pk) OR AccountId = :id',
    ExpressionAttributeValues: { ':id': after.ID },
  };
  const items: NamedWrite[] = [];
  if (held)
    items.push({
      item: { Delete: { TableName: tableName(), Key: held, ...mine } },
      conflict: staleVersion('The account names changed meanwhile; reload and try again'),
    });
  if (wanted) {
    const Item = {
      ...wanted,
      entity: NAME_CLAIM_ENTITY,
      AccountId: after.ID,
      Name: after.Name,
      ParentId: after.ParentId,
    };
    items.push({ item: { Put: { TableName: tableName(), Item, ...mine } }, conflict: claimConflict(after) });
  }
  return items;
}
