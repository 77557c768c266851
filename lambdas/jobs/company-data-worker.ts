import { runCompanyDataJob, COMPANY_DATA_MAX_RECEIVES } from '../modules/company-data/job-run';
import { companyDataMessageOf } from '../modules/company-data/job-queue';
import { jobHandler } from '../kit/job-handler';
import { log } from '../core/logger';
import { COMPANY_DATA_WORKER_HANDLER } from './job-handlers';
import type { SqsEvent, SqsBatchReply } from './csv-import-messages';

/**
 * SQS (the company data queue) → one export or deletion per message. A delivery before the queue's
 * last that fails fails its message, so SQS delivers it again (each job picks up again: an export
 * starts over, a deletion deletes what is left); the last records its failure on the job.
 */
const runJobs = async (event: SqsEvent): Promise<SqsBatchReply> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const receive = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    try {
      await runCompanyDataJob(companyDataMessageOf(record.body), {
        receive: Number.isFinite(receive) ? receive : 1,
        maxReceives: COMPANY_DATA_MAX_RECEIVES,
      });
    } catch (err) {
      log.error('company data message failed', { messageId: record.messageId, receive, error: (err as Error).message });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};

export const handler = jobHandler(COMPANY_DATA_WORKER_HANDLER, runJobs);
