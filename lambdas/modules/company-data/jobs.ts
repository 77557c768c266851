import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '../../core/errors';
import { auditPut } from '../audit';
import { getCompany, type UserProfile } from '../tenancy';
import type { CompanyDeletionView, CompanyExportView } from './replies';
import type { DeletionJob, ExportJob } from './job-store';
import { createJob, getJob, PLATFORM_PARTITION_COMPANY, putJob, runningExports } from './job-store.dynamodb';
import { queueCompanyDataJob } from './job-queue';
import { companyFiles } from './company-files.s3';

/**
 * The routes of a company's own data (docs/operations.md "A company's own data: export and
 * deletion"): each starts or reads a job; the work is the job's (export-job.ts, deletion-job.ts).
 * The company is the caller's own for an export (never an input); a deletion names its company and
 * is a system administrator's only (routes.ts).
 */

/** How long a download link of a finished export works. */
export const EXPORT_LINK_SECONDS = 300;
/** A Running export not recorded for this long is taken as dead: another may start. */
const EXPORT_STALE_MS = 20 * 60 * 1000;

const newJobId = () => `${Date.now()}-${randomUUID()}`;

async function exportViewOf(job: ExportJob): Promise<CompanyExportView> {
  const fileName = job.FileKey ? `company-${job.CompanyId}-${job.StartedAt.slice(0, 10)}.zip` : null;
  return {
    ExportId: job.JobId,
    Status: job.Status,
    Phase: job.Phase,
    ItemsRead: job.ItemsRead,
    Partitions: job.Partitions,
    Counts: job.Counts,
    StartedAt: job.StartedAt,
    EndedAt: job.EndedAt ?? null,
    Error: job.Error ?? null,
    DownloadUrl:
      job.Status === 'Done' && job.FileKey && fileName
        ? await companyFiles.downloadUrl(job.FileKey, fileName, EXPORT_LINK_SECONDS)
        : null,
    FileName: job.Status === 'Done' ? fileName : null,
  };
}

export const deletionViewOf = (job: DeletionJob): CompanyDeletionView => ({
  DeletionId: job.JobId,
  CompanyId: job.CompanyId,
  CompanyName: job.CompanyName,
  Status: job.Status,
  Phase: job.Phase,
  UsersDeleted: job.UsersDeleted,
  FilesDeleted: job.FilesDeleted,
  ItemsDeleted: job.ItemsDeleted,
  StartedAt: job.StartedAt,
  EndedAt: job.EndedAt ?? null,
  Error: job.Error ?? null,
});

/** Queues the job; a queue that refuses ends it in Error at once (nothing was read or deleted). */
async function queued<J extends ExportJob | DeletionJob>(job: J): Promise<J> {
  try {
    await queueCompanyDataJob({ kind: job.Kind, companyId: job.CompanyId, jobId: job.JobId });
  } catch (err) {
    Object.assign(job, { Status: 'Error', Phase: 'done', EndedAt: new Date().toISOString(), Error: 'not queued' });
    await putJob(job);
    throw err;
  }
  return job;
}

/** CompaniesService.StartCompanyExport: the caller's company, one export at a time. */
export async function startCompanyExportFor(caller: UserProfile): Promise<CompanyExportView> {
  const { companyId } = caller;
  const now = Date.now();
  if ((await runningExports(companyId)).some((j) => now - Date.parse(j.TouchedAt) < EXPORT_STALE_MS))
    throw new ConflictError('An export of this company is running already', 'COMPANY_EXPORT_RUNNING');
  const company = await getCompany(companyId);
  const at = new Date(now).toISOString();
  const job: ExportJob = {
    Kind: 'export',
    JobId: newJobId(),
    CompanyId: companyId,
    CompanyName: company?.Name ?? '',
    Status: 'Running',
    Phase: 'queued',
    StartedBy: caller.email,
    StartedBySub: caller.sub,
    StartedAt: at,
    TouchedAt: at,
    Attempts: 0,
    ItemsRead: 0,
    Partitions: 0,
    Counts: {},
  };
  await createJob(
    job,
    auditPut({
      companyId,
      who: caller.email,
      entity: 'CompanyExport',
      id: job.JobId,
      action: 'create',
      before: null,
      after: { JobId: job.JobId },
      at,
    }),
  );
  return exportViewOf(await queued(job));
}

/** CompaniesService.GetCompanyExport: the caller's company's export only (another's id is a 404). */
export async function getCompanyExportFor(caller: UserProfile, exportId: string): Promise<CompanyExportView> {
  const job = await getJob('export', caller.companyId, exportId);
  if (!job)
    throw new NotFoundError(`Export ${exportId} was not found`, 'NOT_FOUND', { entity: 'CompanyExport', id: exportId });
  return exportViewOf(job);
}

/**
 * CompaniesService.DeleteCompany (system administrators; scripts/delete-company.ts runs the same):
 * never the platform (0) nor the caller's own company; the name must be typed exactly. The job's
 * record and its audit entry are kept in the platform's partition.
 */
export async function startCompanyDeletion(
  by: { email: string; sub: string; companyId: number },
  input: { companyId: number; confirmName: string },
): Promise<CompanyDeletionView> {
  const { companyId } = input;
  if (companyId === PLATFORM_PARTITION_COMPANY || companyId === by.companyId)
    throw new ConflictError(`Company ${companyId} cannot be deleted through this route`, 'COMPANY_NOT_DELETABLE', {
      companyId,
    });
  const company = await getCompany(companyId);
  if (!company)
    throw new NotFoundError(`Company ${companyId} was not found`, 'NOT_FOUND', { entity: 'Company', id: companyId });
  if (company.Name !== input.confirmName)
    throw new ConflictError(`The name typed is not company ${companyId}'s name`, 'COMPANY_NAME_MISMATCH', {
      companyId,
    });
  const at = new Date().toISOString();
  const job: DeletionJob = {
    Kind: 'deletion',
    JobId: newJobId(),
    CompanyId: companyId,
    CompanyName: company.Name,
    Status: 'Running',
    Phase: 'queued',
    StartedBy: by.email,
    StartedBySub: by.sub,
    StartedAt: at,
    TouchedAt: at,
    Attempts: 0,
    UsersDeleted: 0,
    FilesDeleted: 0,
    ItemsDeleted: 0,
  };
  const after = { JobId: job.JobId, CompanyId: companyId, CompanyName: company.Name };
  await createJob(
    job,
    auditPut({
      companyId: PLATFORM_PARTITION_COMPANY,
      who: by.email,
      entity: 'CompanyDeletion',
      id: job.JobId,
      action: 'create',
      before: null,
      after,
      at,
    }),
  );
  return deletionViewOf(await queued(job));
}

export const deleteCompanyFor = (caller: UserProfile, input: { companyId: number; confirmName: string }) =>
  startCompanyDeletion(caller, input);

/** CompaniesService.GetCompanyDeletion. */
export async function getCompanyDeletionFor(deletionId: string): Promise<CompanyDeletionView> {
  const job = await getJob('deletion', PLATFORM_PARTITION_COMPANY, deletionId);
  if (!job)
    throw new NotFoundError(`Deletion ${deletionId} was not found`, 'NOT_FOUND', {
      entity: 'CompanyDeletion',
      id: deletionId,
    });
  return deletionViewOf(job);
}
