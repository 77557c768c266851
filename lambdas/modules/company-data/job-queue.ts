import { sqsJobQueue } from '../../aws/sqs';
import type { CompanyDataMessage } from './job-store';

/**
 * Where a company data job is handed: the cloud's routes have COMPANY_DATA_QUEUE_URL
 * (lib/constructs/company-data-job.ts); `npm start` and the tests register an in-process runner
 * here (deliverCompanyDataJob), as the CSV import job does.
 */
export const companyDataHooks: { local?: (message: CompanyDataMessage) => void } = {};

export async function queueCompanyDataJob(message: CompanyDataMessage): Promise<void> {
  const url = process.env.COMPANY_DATA_QUEUE_URL;
  if (url) return sqsJobQueue<CompanyDataMessage>(url).send([message]);
  if (!companyDataHooks.local)
    throw new Error('No company data queue: set COMPANY_DATA_QUEUE_URL (cloud) or start the local runner (npm start)');
  companyDataHooks.local(message);
}

/** A message's job; throws on a body that is not one (its message fails, never the batch). */
export function companyDataMessageOf(body: string): CompanyDataMessage {
  const m = JSON.parse(body) as Partial<CompanyDataMessage> | null;
  if (
    (m?.kind !== 'export' && m?.kind !== 'deletion') ||
    typeof m.companyId !== 'number' ||
    !Number.isInteger(m.companyId) ||
    typeof m.jobId !== 'string' ||
    !/^\d{13}-[0-9a-f-]{36}$/.test(m.jobId)
  ) {
    throw new Error('not a company data job');
  }
  return { kind: m.kind, companyId: m.companyId, jobId: m.jobId };
}
