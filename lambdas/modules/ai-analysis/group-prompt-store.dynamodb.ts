import { QueryCommand } from '../../aws/dynamodb/commands';
import { staleVersion } from '../../core/errors';
import type { GroupPromptChange, GroupPromptItem } from './group-prompt-store';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad } from '../../aws/dynamodb/keys';
import { transactWrite, type NamedWrite } from '../../aws/dynamodb/transaction';

export const GROUP_PROMPT_ENTITY = 'GroupPrompt';

/** `C#<cid>` / `GROUPPROMPT#<main account id>#<group>` (docs/table-design.md "Group prompt"). */
export const groupPromptKeys = {
  item: (companyId: number, accountId: number, group: string) => ({
    pk: companyPk(companyId),
    sk: `GROUPPROMPT#${pad(accountId)}#${group}`,
  }),
  accountPrefix: (accountId: number) => `GROUPPROMPT#${pad(accountId)}#`,
};

/** The saved prompts of one main account (at most one per channel group: five items). */
export async function listGroupPrompts(
  companyId: number,
  accountId: number,
  consistent = false,
): Promise<GroupPromptItem[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ':p': groupPromptKeys.accountPrefix(accountId) },
      ConsistentRead: consistent,
    }),
  );
  return (out.Items ?? []).map((item) => {
    const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
    return rest as GroupPromptItem;
  });
}

/** Saves each prompt if nobody saved it since its version read (else 409 STALE_VERSION), each with its audit entry, all or nothing. */
export async function putGroupPrompts(companyId: number, changes: readonly GroupPromptChange[]): Promise<void> {
  const writes: NamedWrite[] = [];
  for (const c of changes) {
    const a = c.after;
    writes.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...groupPromptKeys.item(companyId, a.AccountId, a.ChannelGroup), entity: GROUP_PROMPT_ENTITY, ...a },
          ...(c.beforeVersion === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': c.beforeVersion } }),
        },
      },
      conflict: staleVersion(),
    });
    writes.push({
      item: auditPut({
        companyId,
        who: a.updatedBy,
        entity: GROUP_PROMPT_ENTITY,
        id: `${a.AccountId}#${a.ChannelGroup}`,
        action: c.beforeVersion === 0 ? 'create' : 'update',
        before: c.before,
        after: a,
        at: a.updatedAt,
      }),
    });
  }
  await transactWrite(writes);
}
