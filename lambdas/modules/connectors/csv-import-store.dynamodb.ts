import { DeleteCommand, GetCommand, PutCommand } from '../../aws/dynamodb/commands';
import type { ConflictError } from '../../core/errors';
import { ddb, tableName } from '../../aws/dynamodb/client';
import type { CsvImportRun } from './csv-import-store';
import { putSyncRun, RUN_TTL_DAYS, syncKeys } from './sync-run-store.dynamodb';

/**
 * The run of a CSV import: a sync run (sync-run-store.dynamodb.ts) of Kind 'csv' in the company's
 * runs (listed with the syncs on the monitoring page, kept 90 days), with the import's own figures
 * beside the run's. The uploaded file itself is csv-upload-store.s3.ts's.
 */

/** Records the start of an import; `started` is thrown when this upload's import was started before. */
export async function createCsvImportRun(companyId: number, run: CsvImportRun, started: ConflictError): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: syncKeys.runsPk(companyId),
          sk: syncKeys.runSk(run.StartedAt, run.RunId),
          ...run,
          expiresAt: Math.floor(Date.parse(run.StartedAt) / 1000) + RUN_TTL_DAYS * 86400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') {
      throw started;
    }
    throw err;
  }
}

/** The run as it stands now (progress, the end). */
export const putCsvImportRun = (companyId: number, run: CsvImportRun) => putSyncRun(companyId, run);

export async function getCsvImportRun(
  companyId: number,
  startedAt: string,
  importId: string,
): Promise<CsvImportRun | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: syncKeys.runsPk(companyId), sk: syncKeys.runSk(startedAt, importId) },
      ConsistentRead: true,
    }),
  );
  if (!out.Item || out.Item.Kind !== 'csv') return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _e, ...run } = out.Item;
  return run as CsvImportRun;
}

/** A refused file leaves no run: nothing of it was written. */
export async function deleteCsvImportRun(
  companyId: number,
  run: Pick<CsvImportRun, 'StartedAt' | 'RunId'>,
): Promise<void> {
  await ddb().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: { pk: syncKeys.runsPk(companyId), sk: syncKeys.runSk(run.StartedAt, run.RunId) },
    }),
  );
}
