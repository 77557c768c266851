import { runCsvImportJob } from '../modules/connectors/csv-import-run';
import { jobHandler } from '../kit/job-handler';
import { log } from '../core/logger';
import { CSV_IMPORT_MAX_RECEIVES } from '../shared/connectors';
import { CSV_IMPORT_WORKER_HANDLER } from './job-handlers';
import { csvImportJobOf, type SqsEvent, type SqsBatchReply } from './csv-import-messages';

/**
 * SQS (the CSV import queue) → one import written per message. A delivery before the queue's last
 * that fails (a store or storage failure) fails its message, so SQS delivers it again and the write
 * resumes; the run stays Running meanwhile. The last delivery (ApproximateReceiveCount =
 * CSV_IMPORT_MAX_RECEIVES, the queue's maxReceiveCount) records any failure on the run itself; only
 * a run that could not be recorded fails it then, and the dead-letter queue's consumer ends the run
 * (as it does for a worker that died or ran out of time).
 */
const writeImports = async (event: SqsEvent): Promise<SqsBatchReply> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const receive = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    try {
      await runCsvImportJob(csvImportJobOf(record.body), {
        receive: Number.isFinite(receive) ? receive : 1,
        maxReceives: CSV_IMPORT_MAX_RECEIVES,
      });
    } catch (err) {
      log.error('csv import message failed', { messageId: record.messageId, receive, error: (err as Error).message });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};

export const handler = jobHandler(CSV_IMPORT_WORKER_HANDLER, writeImports);
