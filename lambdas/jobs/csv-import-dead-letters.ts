import { failCsvImportJob } from '../modules/connectors/csv-import-run';
import { jobHandler } from '../kit/job-handler';
import { log } from '../core/logger';
import { CSV_IMPORT_DEAD_LETTERS_HANDLER } from './job-handlers';
import { csvImportJobOf, type SqsEvent, type SqsBatchReply } from './csv-import-messages';

/**
 * SQS (the CSV import job's dead-letter queue) → the run of each given-up job ends in Error (reason
 * `gaveUp`, with the rows it recorded as written), so no import says Running forever when its worker
 * died or ran out of time on every delivery. An ended run is left as it is. A message that is no job,
 * or whose run cannot be recorded, fails and stays in the queue (alarmed) for a person to read.
 */
const endGivenUpRuns = async (event: SqsEvent): Promise<SqsBatchReply> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const job = csvImportJobOf(record.body);
      log.error('csv import job given up', {
        messageId: record.messageId,
        companyId: job.companyId,
        importId: job.importId,
      });
      await failCsvImportJob(job);
    } catch (err) {
      log.error('csv import dead letter not recorded', { messageId: record.messageId, error: (err as Error).message });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};

export const handler = jobHandler(CSV_IMPORT_DEAD_LETTERS_HANDLER, endGivenUpRuns);
