import { setTimeout as sleep } from 'node:timers/promises';
import { TransactWriteCommand, type TransactWriteCommandInput } from './commands';
import { ConflictError, staleVersion } from '../../core/errors';
import { ddb } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's cap on one transaction. */
export const MAX_TRANSACT_ITEMS = 100;

/**
 * One write of a transaction, NAMED with what its condition failing means, so no caller ever
 * decodes "item 3 failed": either a ready typed error (`conflict`: a stale version, a name taken,
 * an account archived meanwhile) or, when only a read can say why (the version moved on, or is no
 * longer a Draft; the line's dates left the activity), `explain`.
 */
export interface NamedWrite {
  item: TransactItem;
  conflict?: Error;
  explain?: () => Promise<Error>;
}

/** A bare item (its failure answered by the transaction's own `conflict`/`explain`) or a named one. */
export type Write = TransactItem | NamedWrite;

export interface TransactionOptions {
  /** What a failed condition of an unnamed write answers (default: a stale version's 409). */
  conflict?: Error;
  /** A read that says why an unnamed write's condition failed (tried before `conflict`). */
  explain?: () => Promise<Error>;
  /** Tries in all when DynamoDB cancels for a collision or throttling (default 5). */
  attempts?: number;
}

/** The message of the 409 when collisions outlast the retries. */
export const BUSY_MESSAGE = 'Someone else is saving the same records right now; reload and try again';

const isNamed = (w: Write): w is NamedWrite => 'item' in w;
const itemOf = (w: Write): TransactItem => (isNamed(w) ? w.item : w);

interface Cancelled {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

/** Codes of a cancellation that are worth trying again: nothing was wrong with the writes themselves. */
const TRANSIENT_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);
const TRANSIENT_ERRORS = new Set([
  'TransactionConflictException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
]);

/**
 * The one way to write several items all or nothing (DynamoDB TransactWriteItems):
 * - a failed condition throws the error its write is named with (`conflict`, else its `explain`),
 *   else the transaction's (`options.explain`, else `options.conflict`, else a stale version's 409);
 *   DynamoDB lists the cancellation reasons in the order of the items, and only this function
 *   reads that order;
 * - a cancellation for a collision with another transaction in flight on the same item (two lines
 *   of one plan saved at once both ADD to the header; two activities of one account ADD to its
 *   totals) or for throttling is not the caller's fault: it is tried again with jittered
 *   exponential backoff. Every retry re-checks every condition, so a real stale save still fails
 *   with 409; collisions that outlast the tries answer 409 BUSY;
 * - anything else propagates (a 500).
 */
export async function transactWrite(writes: readonly Write[], options: TransactionOptions = {}): Promise<void> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: writes.map(itemOf) }));
      return;
    } catch (err) {
      const e = err as Cancelled;
      const reasons = e.name === 'TransactionCanceledException' ? (e.CancellationReasons ?? []) : [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) throw await explanationOf(writes[failed], options);
      const transient = TRANSIENT_ERRORS.has(e.name ?? '') || reasons.some((r) => TRANSIENT_REASONS.has(r.Code ?? ''));
      if (!transient) throw err;
      if (attempt >= attempts) throw new ConflictError(BUSY_MESSAGE, 'BUSY');
      await sleep(10 * 2 ** attempt + Math.floor(Math.random() * 25));
    }
  }
}

async function explanationOf(write: Write | undefined, options: TransactionOptions): Promise<Error> {
  if (write && isNamed(write)) {
    if (write.conflict) return write.conflict;
    if (write.explain) return write.explain();
  }
  if (options.explain) return options.explain();
  return options.conflict ?? staleVersion();
}
