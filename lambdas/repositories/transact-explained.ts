import { setTimeout as sleep } from 'node:timers/promises';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, staleVersion } from '../kit/errors';
import { ddb } from './client';
import type { TransactItem } from './transact';

/** One write of a transaction and what to answer (409) when its condition fails. */
export interface ExplainedItem {
  item: TransactItem;
  conflict?: ConflictError;
}

export const BUSY_MESSAGE = 'Someone else is saving the same records right now; reload and try again';

/**
 * `transact()` (repositories/transact.ts) with two additions the activity, configuration and
 * exchange-rate writes need:
 * - the 409 names the item whose condition failed (a stale activity vs. an account archived
 *   meanwhile), with the `conflict` of that item (else `fallback`);
 * - DynamoDB cancels a transaction that collides with another one in flight on the same item
 *   (reason `TransactionConflict`), e.g. two activities of one account saved at once both ADD to
 *   the account's totals. That is not a stale save, so it is retried a few times with jitter; every
 *   retry re-checks every condition, so a real stale version still fails with 409.
 */
export async function transactExplained(items: ExplainedItem[], fallback: ConflictError = staleVersion(), attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items.map((i) => i.item) }));
      return;
    } catch (err) {
      const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
      if (e.name !== 'TransactionCanceledException' && e.name !== 'TransactionConflictException') throw err;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) throw items[failed]?.conflict ?? fallback;
      const busy = e.name === 'TransactionConflictException' || reasons.some((r) => r.Code === 'TransactionConflict');
      if (!busy) throw err;
      if (attempt >= attempts) throw new ConflictError(BUSY_MESSAGE, 'BUSY');
      await sleep(15 * 2 ** attempt + Math.floor(Math.random() * 25));
    }
  }
}
