import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { staleVersion, type ConflictError } from '../kit/errors';
import { ddb } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's cap on one transaction. */
export const MAX_TRANSACT_ITEMS = 100;

/**
 * Runs one all-or-nothing write. A failed condition (stale version, item already there, parent
 * gone) becomes `conflict` (409, a stale version unless told); anything else propagates as a 500.
 */
export async function transact(items: TransactItem[], conflict: ConflictError = staleVersion()): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (e.name === 'TransactionCanceledException' && e.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) {
      throw conflict;
    }
    throw err;
  }
}
