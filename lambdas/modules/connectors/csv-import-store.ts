import type { ConflictError } from '../../core/errors';
import type { CsvImportFailure } from './replies/csv-imports';
import type { SyncRun } from './sync-run-store';

/** An import's run: a SyncRun (ConnectorType csv_upload; ExternalAccountId '' as it may span several) with the import's figures. */
export interface CsvImportRun extends SyncRun {
  Kind: 'csv';
  AccountConnectorId: number | null;
  FileName: string;
  Phase: 'check' | 'write' | 'done';
  /** The write runs as a job (the file is over CSV_INLINE_MAX_ROWS rows). */
  Queued?: boolean;
  /** When the run was last recorded by the one writing it (an inline run not touched for long was cut off). */
  TouchedAt?: string;
  /** Why it ended in Error (the console words it). */
  ErrorReason?: CsvImportFailure;
  LinesChecked: number;
  RowsTotal: number;
  RowsDone: number;
  Days: number;
  Campaigns: number;
  Accounts: number;
}

/** What a CSV import needs of storage for its run; csv-import-store.dynamodb.ts implements it. */
export interface CsvImportStore {
  /** Records the start of an import; `started` is thrown when this upload's import was started before. */
  createCsvImportRun(companyId: number, run: CsvImportRun, started: ConflictError): Promise<void>;
  /** The run as it stands now (progress, the end). */
  putCsvImportRun(companyId: number, run: CsvImportRun): Promise<void>;
  getCsvImportRun(companyId: number, startedAt: string, importId: string): Promise<CsvImportRun | undefined>;
  /** A refused file leaves no run: nothing of it was written. */
  deleteCsvImportRun(companyId: number, run: Pick<CsvImportRun, 'StartedAt' | 'RunId'>): Promise<void>;
}
