/**
 * Replies of a company's own data jobs (modules/company-data): plain TypeScript shared with the
 * console and the deletion script.
 */
export type CompanyDataJobStatus = 'Running' | 'Done' | 'Error';

/** StartCompanyExport / GetCompanyExport: the export job as it stands. */
export interface CompanyExportView {
  ExportId: string;
  Status: CompanyDataJobStatus;
  /** scan (the table read for the company's partitions), archive (files written), done. */
  Phase: 'queued' | 'scan' | 'archive' | 'done';
  /** The company's items read so far. */
  ItemsRead: number;
  /** Its partitions met so far (the main one, audit, each plan version, each daily-stat source…). */
  Partitions: number;
  /** Items per entity in the archive, once done. */
  Counts: Record<string, number>;
  StartedAt: string;
  EndedAt: string | null;
  Error: string | null;
  /** A short-lived download link of the archive once Done (null otherwise). */
  DownloadUrl: string | null;
  FileName: string | null;
}

/** DeleteCompany / GetCompanyDeletion: the deletion job as it stands (kept in the platform's partition). */
export interface CompanyDeletionView {
  DeletionId: string;
  CompanyId: number;
  CompanyName: string;
  Status: CompanyDataJobStatus;
  Phase: 'queued' | 'users' | 'files' | 'items' | 'done';
  UsersDeleted: number;
  FilesDeleted: number;
  ItemsDeleted: number;
  StartedAt: string;
  EndedAt: string | null;
  Error: string | null;
}
