import { runCsvImportJob } from '../domain/csv-import-run';
import { log } from '../kit/logger';
import type { CsvImportJob } from '../sync/csv-import-queue';

interface SqsEvent { Records: { messageId: string; body: string }[] }

/**
 * SQS (the CSV import queue) → one import written per message. The run records every end itself, so
 * only an unexpected error (the run could not even be read or recorded) fails the message: SQS
 * delivers it again (a run still waiting for its write is written again; one that ended is left),
 * then moves it to the dead-letter queue (alarmed).
 */
export const handler = async (event: SqsEvent): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const job = JSON.parse(record.body) as Partial<CsvImportJob>;
      if (typeof job.companyId !== 'number' || typeof job.importId !== 'string') throw new Error('not a CSV import job');
      await runCsvImportJob({ companyId: job.companyId, importId: job.importId });
    } catch (err) {
      log.error('csv import message failed', { messageId: record.messageId, error: (err as Error).message });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};
