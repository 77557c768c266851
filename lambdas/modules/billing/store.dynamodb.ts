import { GetCommand } from '../../aws/dynamodb/commands';
import type { ConflictError } from '../../core/errors';
import type { BillableStatementView } from './replies';
import type { FinalStatement } from './store';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad } from '../../aws/dynamodb/keys';
import { transactWrite } from '../../aws/dynamodb/transaction';

const ENTITY = 'BillableStatement';

/** `C#<cid>` / `BILLABLE#<accountId>#<YYYY-MM>`: one final statement per account and month. */
export const billableKey = (companyId: number, accountId: number, month: string) => ({
  pk: companyPk(companyId),
  sk: `BILLABLE#${pad(accountId)}#${month}`,
});

export async function getFinalStatement(
  companyId: number,
  accountId: number,
  month: string,
  consistent = false,
): Promise<FinalStatement | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: billableKey(companyId, accountId, month),
      ConsistentRead: consistent,
    }),
  );
  if (!out.Item || out.Item.entity !== ENTITY) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = out.Item;
  return rest as FinalStatement;
}

/** The figures an audit entry keeps of a final statement. */
const billedFigures = (s: BillableStatementView) => ({
  Net: s.Net,
  Subtotal: s.Subtotal,
  Vat: s.Vat,
  Total: s.Total,
  CurrencyCode: s.CurrencyCode,
});

/** Stores the final statement; `alreadyFinal` is thrown when the month was marked final meanwhile. */
export async function putFinalStatement(
  companyId: number,
  f: FinalStatement,
  alreadyFinal: ConflictError,
): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...billableKey(companyId, f.AccountId, f.Month), entity: ENTITY, ...f },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: alreadyFinal,
    },
    auditPut({
      companyId,
      who: f.updatedBy,
      entity: ENTITY,
      id: `${f.AccountId}#${f.Month}`,
      action: 'finalize',
      before: null,
      after: { Month: f.Month, Final: true, ...billedFigures(f.Statement) },
      at: f.updatedAt,
    }),
  ]);
}

/**
 * Removes a final statement (reopened), only if it is still the one read (its `updatedAt`), with its
 * audit entry: the billed figures before, the reason after. `stale` is thrown when it changed meanwhile.
 */
export async function deleteFinalStatement(
  companyId: number,
  f: FinalStatement,
  who: string,
  reason: string,
  stale: ConflictError,
): Promise<void> {
  const at = new Date().toISOString();
  await transactWrite([
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: billableKey(companyId, f.AccountId, f.Month),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
          ExpressionAttributeValues: { ':read': f.updatedAt },
        },
      },
      conflict: stale,
    },
    auditPut({
      companyId,
      who,
      entity: ENTITY,
      id: `${f.AccountId}#${f.Month}`,
      action: 'reopen',
      before: { Final: true, ...billedFigures(f.Statement) },
      after: { Final: false, Reason: reason },
      at,
    }),
  ]);
}
