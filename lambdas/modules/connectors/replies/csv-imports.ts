/** Replies of the CSV upload of the daily grain (ConnectorsService). */

/** Where the browser posts the file: a pre-signed POST (url and form fields) valid for a few minutes. */
export interface CsvUpload {
  ImportId: string;
  Url: string;
  Fields: Record<string, string>;
  /** The largest file the form (and the import) takes, in bytes. */
  MaxBytes: number;
  /** The most rows an import takes. */
  MaxRows: number;
}

/**
 * One import as it stands (the console polls it while the import call runs): checking the file,
 * then writing its rows (RowsDone of RowsTotal), then done — OK with its summary, or Error (stopped
 * while writing: import the file again). A refused file (bad rows: nothing written) leaves no import:
 * the import call's 400 lists its lines.
 */
/**
 * Why an import ended in Error (the console words it): `stopped` the write failed on the job's last
 * delivery (or in the call); `gaveUp` the job's worker died or ran out of time on every delivery (its
 * message reached the dead-letter queue); `recheckFailed` the job could not read the file to check it
 * again; `noLongerPasses` the file no longer passes its check (a link removed meanwhile); `notQueued`
 * the job could not be started; `unreadable` the call could not read the file.
 */
export type CsvImportFailure = 'stopped' | 'gaveUp' | 'recheckFailed' | 'noLongerPasses' | 'notQueued' | 'unreadable';

export interface CsvImportView {
  ImportId: string;
  AgentConnectorId: number;
  AccountConnectorId: number | null;
  FileName: string;
  Status: 'Running' | 'OK' | 'Error';
  Phase: 'check' | 'write' | 'done';
  /** Lines read in the check (the header included). */
  LinesChecked: number;
  /** Rows of the file (known once checked). */
  RowsTotal: number;
  /** Rows handled in the write: written, or unchanged and skipped. */
  RowsDone: number;
  /** Rows whose stored stat was new or changed (a re-import of the same file writes none). */
  RowsWritten: number;
  Days: number;
  Campaigns: number;
  Accounts: number;
  /** The first and last day of the file ('' before the check). */
  From: string;
  To: string;
  StartedAt: string;
  EndedAt: string | null;
  Error: string | null;
  ErrorReason: CsvImportFailure | null;
  /** Deliveries of the job that ran it (1 for an import written by the call). */
  Attempts: number;
}
