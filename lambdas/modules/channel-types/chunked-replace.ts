import type { ConflictError } from '../../core/errors';
import { log } from '../../core/logger';
import { auditPut, type AuditEntry } from '../audit';
import { tableName } from '../../aws/dynamodb/client';
import { MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../../aws/dynamodb/transaction';
import { chunks } from '../../aws/dynamodb/write-helpers';

/** One item of a bulk edit: its stored form before and after, and the audit entry of the change. */
export interface ItemChange {
  before: Record<string, unknown> & { pk: string; sk: string; version: number };
  after: Record<string, unknown> & { pk: string; sk: string; version: number };
  audit: AuditEntry;
}

/** Each change is its Put plus its audit Put, so one transaction holds this many changes. */
export const CHANGES_PER_TRANSACTION = Math.floor(MAX_TRANSACT_ITEMS / 2);

/**
 * Tests only: called before each chunk is written, so a test can change an item between the
 * validation and the write of a later chunk (a concurrent save) and watch the compensation.
 */
export const chunkedReplaceHooks: { beforeChunk?: (index: number, total: number) => Promise<void> } = {};

export interface ChunkedReplaceResult {
  transactions: number;
}

/**
 * Replaces many items all-or-nothing although DynamoDB caps a transaction at 100 items:
 * - up to CHANGES_PER_TRANSACTION changes go in ONE transaction (each Put conditional on the
 *   version read, each with its audit entry);
 * - more are written chunk by chunk; if a chunk fails (an item was saved by someone else meanwhile,
 *   or anything else), the chunks already written are compensated: each item goes back to its
 *   before-image, conditional on still holding the version this call wrote, and the audit entries of
 *   the undone changes are deleted in the same transaction, so the table is as it was before the
 *   call. The call then answers 409 (or rethrows an unexpected error after compensating).
 * An item saved by someone else between our write and the compensation keeps that newer save (we
 * never overwrite another user's work); the 409 says how many did.
 */
export async function replaceAllOrNothing(
  changes: ItemChange[],
  conflict: ConflictError,
): Promise<ChunkedReplaceResult> {
  const pieces = chunks(changes, CHANGES_PER_TRANSACTION);
  const written: { change: ItemChange; auditKey: { pk: string; sk: string } }[][] = [];
  for (let i = 0; i < pieces.length; i++) {
    const items: TransactItem[] = [];
    const done: { change: ItemChange; auditKey: { pk: string; sk: string } }[] = [];
    try {
      await chunkedReplaceHooks.beforeChunk?.(i, pieces.length);
      for (const change of pieces[i]) {
        items.push({
          Put: {
            TableName: tableName(),
            Item: change.after,
            ConditionExpression: 'attribute_exists(pk) AND version = :v',
            ExpressionAttributeValues: { ':v': change.before.version },
          },
        });
        const audit = auditPut(change.audit);
        const item = audit.Put!.Item as { pk: string; sk: string };
        items.push(audit);
        done.push({ change, auditKey: { pk: item.pk, sk: item.sk } });
      }
      await transactWrite(items, { conflict });
      written.push(done);
    } catch (err) {
      const kept = await compensate(written);
      const keptNote = kept ? ` ${kept} item(s) were saved by someone else meanwhile and keep that newer save.` : '';
      if (err === conflict) {
        conflict.message += keptNote;
        throw conflict;
      }
      if (written.length)
        log.error('bulk edit failed after a partial write; compensated', { chunk: i, chunks: pieces.length, kept });
      throw err;
    }
  }
  return { transactions: pieces.length };
}

/** What an undo answers when its item was saved by someone else after our write (kept, not an error). */
const MOVED_ON = new Error('saved by someone else meanwhile');

/** Undoes written chunks, newest first. Returns how many items could not be put back. */
async function compensate(written: { change: ItemChange; auditKey: { pk: string; sk: string } }[][]): Promise<number> {
  let kept = 0;
  for (const chunk of [...written].reverse()) {
    const undo = (e: (typeof chunk)[number]): TransactItem[] => [
      {
        Put: {
          TableName: tableName(),
          Item: e.change.before,
          ConditionExpression: 'version = :written',
          ExpressionAttributeValues: { ':written': e.change.after.version },
        },
      },
      { Delete: { TableName: tableName(), Key: e.auditKey } },
    ];
    try {
      await transactWrite(chunk.flatMap(undo));
    } catch {
      // One item of the chunk moved on: undo the others one by one and leave that one alone.
      for (const e of chunk) {
        try {
          await transactWrite(undo(e), { conflict: MOVED_ON });
        } catch (err) {
          kept += 1;
          if (err !== MOVED_ON) log.error('compensation failed', { pk: e.change.after.pk, sk: e.change.after.sk });
        }
      }
    }
  }
  return kept;
}
