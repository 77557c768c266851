import type { CsvImportJob } from '../modules/connectors/sync/csv-import-queue';

/** The part of an SQS event the CSV import job's handlers read. */
export interface SqsEvent {
  Records: { messageId: string; body: string; attributes?: { ApproximateReceiveCount?: string } }[];
}
export interface SqsBatchReply {
  batchItemFailures: { itemIdentifier: string }[];
}

/** A message's job; throws on a body that is not one (its message fails, never the batch). */
export function csvImportJobOf(body: string): CsvImportJob {
  const job = JSON.parse(body) as Partial<CsvImportJob> | null;
  if (
    typeof job?.companyId !== 'number' ||
    typeof job.importId !== 'string' ||
    !/^\d{13}-[0-9a-f-]{36}$/.test(job.importId)
  ) {
    throw new Error('not a CSV import job');
  }
  return { companyId: job.companyId, importId: job.importId };
}
