import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConflictError } from '../kit/errors';
import { ddb, tableName } from './client';
import { deleteObject, presignPost, streamObject, type S3Target } from './s3-requests';
import { putSyncRun, RUN_TTL_DAYS, syncKeys, type SyncRun } from './sync-runs';

/**
 * The CSV upload of the daily grain (issue 12 §2): the uploaded file and the import's run.
 *
 * - The file lives in the stage's creatives bucket under `uploads/csv/<company>/<importId>.csv`
 *   (the key made here from ids only, never from a file name; the bucket's rule expires everything
 *   under `uploads/` after a day, so an upload never imported goes by itself). The browser posts it
 *   through a pre-signed POST whose policy holds its size and type; the import streams it.
 * - The import's progress and outcome are a sync run (repositories/sync-runs.ts) of Kind 'csv' in
 *   the company's runs (listed with the syncs on the monitoring page, kept 90 days), with the
 *   import's own figures beside the run's.
 */
export const CSV_UPLOAD_PREFIX = 'uploads/csv/';

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

const target = (companyId: number, importId: string): S3Target => ({ bucket: bucket(), key: `${CSV_UPLOAD_PREFIX}${companyId}/${importId}.csv` });

export const csvUploads = {
  /** The browser's POST of the file: text/csv, 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm: (companyId: number, importId: string, maxBytes: number, seconds: number) =>
    presignPost(bucket(), { fields: { key: target(companyId, importId).key, 'Content-Type': 'text/csv' }, contentLength: [1, maxBytes], expiresInSeconds: seconds }),
  /** The uploaded file as bytes as they arrive, with its size; undefined when nothing was uploaded (or it expired). */
  open: (companyId: number, importId: string) => streamObject(target(companyId, importId)),
  discard: (companyId: number, importId: string) => deleteObject(target(companyId, importId)),
};

/** An import's run: a SyncRun (ConnectorType csv_upload; ExternalAccountId '' as it may span several) with the import's figures. */
export interface CsvImportRun extends SyncRun {
  Kind: 'csv';
  AccountConnectorId: number | null;
  FileName: string;
  Phase: 'check' | 'write' | 'done';
  LinesChecked: number;
  RowsTotal: number;
  RowsDone: number;
  Days: number;
  Campaigns: number;
  Accounts: number;
}

/** Records the start of an import; `started` is thrown when this upload's import was started before. */
export async function createCsvImportRun(companyId: number, run: CsvImportRun, started: ConflictError): Promise<void> {
  try {
    await ddb().send(new PutCommand({
      TableName: tableName(),
      Item: {
        pk: syncKeys.runsPk(companyId), sk: syncKeys.runSk(run.StartedAt, run.RunId), ...run,
        expiresAt: Math.floor(Date.parse(run.StartedAt) / 1000) + RUN_TTL_DAYS * 86400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') {
      throw started;
    }
    throw err;
  }
}

/** The run as it stands now (progress, the end). */
export const putCsvImportRun = (companyId: number, run: CsvImportRun) => putSyncRun(companyId, run);

export async function getCsvImportRun(companyId: number, startedAt: string, importId: string): Promise<CsvImportRun | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { pk: syncKeys.runsPk(companyId), sk: syncKeys.runSk(startedAt, importId) }, ConsistentRead: true }));
  if (!out.Item || out.Item.Kind !== 'csv') return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _e, ...run } = out.Item;
  return run as CsvImportRun;
}

/** A refused file leaves no run: nothing of it was written. */
export async function deleteCsvImportRun(companyId: number, run: Pick<CsvImportRun, 'StartedAt' | 'RunId'>): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: { pk: syncKeys.runsPk(companyId), sk: syncKeys.runSk(run.StartedAt, run.RunId) } }));
}
