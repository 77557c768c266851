import type { CompanyDeletionView, CompanyExportView } from './replies';

/**
 * A company data job's record (docs/table-design.md "Company data job"): an export is kept in the
 * company's own partition (it is the company's, and goes with it), a deletion in the platform's
 * (`C#0`), so it outlives the company it deletes.
 */
interface JobBase {
  JobId: string;
  /** The company whose data the job reads or deletes. */
  CompanyId: number;
  CompanyName: string;
  Status: 'Running' | 'Done' | 'Error';
  StartedBy: string;
  StartedBySub: string;
  StartedAt: string;
  TouchedAt: string;
  EndedAt?: string;
  Error?: string;
  /** Deliveries of its message so far (a failed delivery is repeated by the queue). */
  Attempts: number;
}

export interface ExportJob extends JobBase {
  Kind: 'export';
  Phase: CompanyExportView['Phase'];
  ItemsRead: number;
  Partitions: number;
  Counts: Record<string, number>;
  /** The archive's key in the creatives bucket (exports/<company>/<job>.zip), once written. */
  FileKey?: string;
}

export interface DeletionJob extends JobBase {
  Kind: 'deletion';
  Phase: CompanyDeletionView['Phase'];
  UsersDeleted: number;
  FilesDeleted: number;
  ItemsDeleted: number;
}

export type CompanyDataJob = ExportJob | DeletionJob;

/** What the queue carries: which job, of which kind (where its record is), for which company. */
export interface CompanyDataMessage {
  kind: CompanyDataJob['Kind'];
  companyId: number;
  jobId: string;
}
