import { failCompanyDataJob } from '../modules/company-data/job-run';
import { companyDataMessageOf } from '../modules/company-data/job-queue';
import { jobHandler } from '../kit/job-handler';
import { log } from '../core/logger';
import { COMPANY_DATA_DEAD_LETTERS_HANDLER } from './job-handlers';
import type { SqsEvent, SqsBatchReply } from './csv-import-messages';

/**
 * SQS (the company data job's dead-letter queue) → each given-up job ends in Error, so no export or
 * deletion says Running forever. A message that is no job, or whose job cannot be recorded, fails
 * and stays in the queue (alarmed) for a person to read.
 */
const endGivenUpJobs = async (event: SqsEvent): Promise<SqsBatchReply> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const m = companyDataMessageOf(record.body);
      log.error('company data job given up', { messageId: record.messageId, ...m });
      await failCompanyDataJob(m);
    } catch (err) {
      log.error('company data dead letter not recorded', {
        messageId: record.messageId,
        error: (err as Error).message,
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};

export const handler = jobHandler(COMPANY_DATA_DEAD_LETTERS_HANDLER, endGivenUpJobs);
