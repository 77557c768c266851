import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, UpdateCommand, type BatchWriteCommandOutput } from '../../../aws/dynamodb/commands';
import { ddb, tableName } from '../../../aws/dynamodb/client';
import { MAX_TRANSACT_ITEMS, transactWrite, type Write } from '../../../aws/dynamodb/transaction';
import { chunks } from '../../../aws/dynamodb/write-helpers';
import type { PlanLine } from '../store';
import { versionKeys, editableLineItem, locatorItem } from './items';
import { linePutNew } from './writes';

/** Tests only: runs between the staged writes of a large copy/application and their commit. */
export const versionWriteHooks: { beforeCommit?: () => Promise<void> } = {};

async function batchWrite(
  requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string],
): Promise<void> {
  await Promise.all(
    chunks(requests, 25).map(async (piece) => {
      let pending = piece;
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt >= 8) throw new Error('BatchWrite left unprocessed items after 8 attempts');
        if (attempt) await sleep(20 * 2 ** attempt);
        const out: BatchWriteCommandOutput = await ddb().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
        );
        pending = out.UnprocessedItems?.[tableName()] ?? [];
      }
    }),
  );
}

const putsOf = (companyId: number, lines: PlanLine[]) =>
  // Staged lines are invisible until their commit, which checks the header is a Draft.
  lines.flatMap((l) => [
    { PutRequest: { Item: editableLineItem(companyId, l) } },
    { PutRequest: { Item: locatorItem(companyId, l) } },
  ]);

const deletesOf = (companyId: number, lines: PlanLine[]) =>
  lines.flatMap((l) => [
    { DeleteRequest: { Key: versionKeys.line(companyId, l.MediaMixId, l.ID) } },
    { DeleteRequest: { Key: versionKeys.locator(companyId, l.ID) } },
  ]);

/**
 * Writes new lines together with `commit` (the header create or update, guards, audit — each named
 * with what its failure means, transaction.ts) all or nothing, although a transaction holds at most
 * 100 items:
 * - when everything fits, ONE transaction (`commitOf(false)` followed by the line writes);
 * - else the lines (each with its locator) are written first, in batches, where no reader counts
 *   them: a new version's lines have no header yet; a template's lines carry an ApplyId that the
 *   header lists as pending (`stage`, written first; `stage.conflict` answers a header gone). Then
 *   `commitOf(true)` runs as one transaction; if it fails (a stale or no-longer-Draft header, a
 *   deleted activity, or anything else) the staged lines are deleted again and the pending mark
 *   removed, so the plan is as it was, and the error is rethrown. Staged lines left by a crash stay
 *   invisible (no header / still pending).
 * A failed write that is not named (a line write) answers a stale version's 409.
 */
export async function writeLinesWithCommit(
  companyId: number,
  lines: PlanLine[],
  commitOf: (staged: boolean) => Write[],
  stage?: { versionId: number; applyId: string; conflict: Error },
): Promise<{ transactions: number; staged: boolean }> {
  const lineWrites = lines.flatMap((l) => linePutNew(companyId, l));
  const single = commitOf(false);
  if (lineWrites.length + single.length <= MAX_TRANSACT_ITEMS) {
    await transactWrite([...single, ...lineWrites]);
    return { transactions: 1, staged: false };
  }
  const commit = commitOf(true);
  const pendingKey = stage ? versionKeys.header(companyId, stage.versionId) : undefined;
  const unmark = async () => {
    if (!pendingKey || !stage) return;
    await ddb()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: pendingKey,
          UpdateExpression: 'DELETE PendingApplies :a',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':a': new Set([stage.applyId]) },
        }),
      )
      .catch(() => undefined);
  };
  if (stage && pendingKey) {
    await transactWrite([
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: pendingKey,
            UpdateExpression: 'ADD PendingApplies :a',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':a': new Set([stage.applyId]) },
          },
        },
        conflict: stage.conflict,
      },
    ]);
  }
  try {
    await batchWrite(putsOf(companyId, lines));
    await versionWriteHooks.beforeCommit?.();
    await transactWrite(commit);
  } catch (err) {
    await batchWrite(deletesOf(companyId, lines)).catch(() => undefined);
    await unmark();
    throw err;
  }
  return { transactions: Math.ceil(lineWrites.length / 25) + 1, staged: true };
}
