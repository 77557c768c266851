import { sqsJobQueue } from './sqs-queue';

/** One CSV import's write, run by the CSV import job (modules/connectors/csv-import-run.ts runCsvImportJob). */
export interface CsvImportJob {
  companyId: number;
  importId: string;
}

/**
 * Where an import over CSV_INLINE_MAX_ROWS rows is handed: `npm start` (and the tests) register an
 * in-process runner here; the cloud's route has CSV_IMPORT_QUEUE_URL (lib/constructs/csv-import-job.ts).
 */
export const csvImportHooks: { local?: (job: CsvImportJob) => void } = {};

export async function queueCsvImport(job: CsvImportJob): Promise<void> {
  const url = process.env.CSV_IMPORT_QUEUE_URL;
  if (url) return sqsJobQueue<CsvImportJob>(url).send([job]);
  if (!csvImportHooks.local)
    throw new Error('No CSV import queue: set CSV_IMPORT_QUEUE_URL (cloud) or start the local runner (npm start)');
  csvImportHooks.local(job);
}
