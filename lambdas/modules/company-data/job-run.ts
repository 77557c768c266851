import { log } from '../../core/logger';
import type { CompanyDataMessage } from './job-store';
import { getJob } from './job-store.dynamodb';
import { progressOf, type Delivery } from './job-progress';
import { runExportJob } from './export-job';
import { runDeletionJob } from './deletion-job';

/** Deliveries of a company data job's message before the queue gives it up (the queue's maxReceiveCount). */
export const COMPANY_DATA_MAX_RECEIVES = 3;

/** One delivery of a job's message. A delivery before the last that fails throws (the queue delivers it again). */
export function runCompanyDataJob(
  m: CompanyDataMessage,
  delivery: Delivery = { receive: 1, maxReceives: 1 },
): Promise<void> {
  return m.kind === 'export' ? runExportJob(m, delivery) : runDeletionJob(m, delivery);
}

/** A message the queue gave up (its worker died or ran out of time each time): its job, if still Running, ends in Error. */
export async function failCompanyDataJob(m: CompanyDataMessage): Promise<void> {
  const job = await getJob(m.kind, m.companyId, m.jobId);
  if (!job || job.Status !== 'Running') return;
  await progressOf(job).end(
    'Error',
    `The job failed on each of its ${COMPANY_DATA_MAX_RECEIVES} attempts and was given up; start it again`,
  );
}

/** The queue in process (npm start, the tests, scripts/delete-company.ts): delivered up to the queue's count, then given up. */
export async function deliverCompanyDataJob(m: CompanyDataMessage): Promise<void> {
  for (let receive = 1; receive <= COMPANY_DATA_MAX_RECEIVES; receive++) {
    try {
      await runCompanyDataJob(m, { receive, maxReceives: COMPANY_DATA_MAX_RECEIVES });
      return;
    } catch (err) {
      log.warn('company data job delivery failed', { jobId: m.jobId, receive, error: (err as Error).message });
    }
  }
  await failCompanyDataJob(m);
}
