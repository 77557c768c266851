import { ConflictError } from '../../core/errors';
import { GetCommand, PutCommand, QueryCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, prefixValues, SK_PREFIX } from '../../aws/dynamodb/keys';
import { transactWrite, type TransactItem } from '../../aws/dynamodb/transaction';
import type { CompanyDataJob, ExportJob } from './job-store';

/** The platform "company" (id 0): where deletion jobs are kept, so they outlive the company deleted. */
export const PLATFORM_PARTITION_COMPANY = 0;

/** How long a finished export's record is kept (its archive expires with the bucket's exports/ rule). */
const EXPORT_RECORD_DAYS = 30;

export const jobKey = (kind: CompanyDataJob['Kind'], companyId: number, jobId: string) =>
  kind === 'export'
    ? { pk: companyPk(companyId), sk: `DATAEXPORT#${jobId}` }
    : { pk: companyPk(PLATFORM_PARTITION_COMPANY), sk: `DATADELETE#${jobId}` };

function jobItem(job: CompanyDataJob): Record<string, unknown> {
  const expiresAt =
    job.Kind === 'export' ? Math.floor(Date.parse(job.StartedAt) / 1000) + EXPORT_RECORD_DAYS * 86_400 : undefined;
  return {
    ...jobKey(job.Kind, job.CompanyId, job.JobId),
    entity: job.Kind === 'export' ? 'CompanyExport' : 'CompanyDeletion',
    ...job,
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/** Replaces the job's record (its progress and end). */
export async function putJob(job: CompanyDataJob): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: jobItem(job) }));
}

/** Creates the job's record with its audit entry, in one transaction. */
export async function createJob(job: CompanyDataJob, audit: TransactItem): Promise<void> {
  await transactWrite(
    [{ Put: { TableName: tableName(), Item: jobItem(job), ConditionExpression: 'attribute_not_exists(pk)' } }, audit],
    {
      conflict: new ConflictError(`Job ${job.JobId} exists already`, 'ALREADY_EXISTS', {
        entity: 'Job',
        id: job.JobId,
      }),
    },
  );
}

/** The company's exports still Running (at most a few: one at a time is allowed). */
export async function runningExports(companyId: number): Promise<ExportJob[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: SK_PREFIX,
      FilterExpression: '#s = :running',
      ExpressionAttributeNames: { '#s': 'Status' },
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues('DATAEXPORT#'), ':running': 'Running' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as ExportJob[];
}

export async function getJob<K extends CompanyDataJob['Kind']>(
  kind: K,
  companyId: number,
  jobId: string,
): Promise<Extract<CompanyDataJob, { Kind: K }> | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(kind, companyId, jobId), ConsistentRead: true }),
  );
  if (!out.Item || out.Item.Kind !== kind) return undefined;
  // A deletion's key names no company: the record's own CompanyId must be the one asked for.
  if (out.Item.CompanyId !== companyId && kind === 'export') return undefined;
  const { pk: _p, sk: _s, entity: _e, expiresAt: _x, ...job } = out.Item;
  return job as Extract<CompanyDataJob, { Kind: K }>;
}
