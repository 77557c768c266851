import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConflictError } from '../../core/errors';
import type { CsvImportFailure } from './replies/csv-imports';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { copyObject, deleteObject, presignPost, S3Error, streamObject, type S3Target } from '../../aws/s3';
import { putSyncRun, RUN_TTL_DAYS, syncKeys, type SyncRun } from './sync-run-store';

/**
 * The CSV upload of the daily grain: the uploaded file and the import's run.
 *
 * - The file lives in the stage's creatives bucket under `uploads/csv/<company>/<importId>.csv`
 *   (the key made here from ids only, never from a file name; the bucket's rule expires everything
 *   under `uploads/` after a day, so an upload never imported goes by itself). The browser posts it
 *   through a pre-signed POST whose policy holds its size and type. The import first copies it
 *   server-side to `<importId>.pinned` (no form names that key) and deletes the upload, then reads
 *   only the pinned copy, check and write alike: a file posted again through the same form is never
 *   what gets written (the form is single-use: its import id runs once).
 * - The import's progress and outcome are a sync run (modules/connectors/sync-run-store.ts) of Kind 'csv' in
 *   the company's runs (listed with the syncs on the monitoring page, kept 90 days), with the
 *   import's own figures beside the run's.
 */
export const CSV_UPLOAD_PREFIX = 'uploads/csv/';

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

const target = (companyId: number, importId: string): S3Target => ({
  bucket: bucket(),
  key: `${CSV_UPLOAD_PREFIX}${companyId}/${importId}.csv`,
});
const pinned = (companyId: number, importId: string): S3Target => ({
  bucket: bucket(),
  key: `${CSV_UPLOAD_PREFIX}${companyId}/${importId}.pinned`,
});

export const csvUploads = {
  /** The browser's POST of the file: text/csv, 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm: (companyId: number, importId: string, maxBytes: number, seconds: number) =>
    presignPost(bucket(), {
      fields: { key: target(companyId, importId).key, 'Content-Type': 'text/csv' },
      contentLength: [1, maxBytes],
      expiresInSeconds: seconds,
    }),
  /** Copies the upload to its pinned key and deletes the upload; false when nothing was uploaded (or it expired). */
  async pin(companyId: number, importId: string): Promise<boolean> {
    try {
      await copyObject(target(companyId, importId), pinned(companyId, importId), 'text/csv');
    } catch (err) {
      if (err instanceof S3Error && err.code === 'NoSuchKey') return false;
      throw err;
    }
    await deleteObject(target(companyId, importId));
    return true;
  },
  /** The pinned file as bytes as they arrive, with its size; undefined when it is gone. */
  open: (companyId: number, importId: string) => streamObject(pinned(companyId, importId)),
  discard: (companyId: number, importId: string) => deleteObject(pinned(companyId, importId)),
};

/** An import's run: a SyncRun (ConnectorType csv_upload; ExternalAccountId '' as it may span several) with the import's figures. */
export interface CsvImportRun extends SyncRun {
  Kind: 'csv';
  AccountConnectorId: number | null;
  FileName: string;
  Phase: 'check' | 'write' | 'done';
  /** The write runs as a job (the file is over CSV_INLINE_MAX_ROWS rows). */
  Queued?: boolean;
  /** When the run was last recorded by the one writing it (an inline run not touched for long was cut off). */
  TouchedAt?: string;
  /** Why it ended in Error (the console words it). */
  ErrorReason?: CsvImportFailure;
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
