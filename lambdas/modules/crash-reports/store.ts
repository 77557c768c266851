export interface CrashReport {
  companyId: number;
  sub: string;
  error: string;
  info: string;
  componentStack: string;
  url: string;
  at: string;
}

/** What the crash reports need of storage; store.dynamodb.ts implements it. */
export interface CrashReportStore {
  /** Keeps one crash report (for CRASH_RETENTION_DAYS) and answers its id. */
  putCrashReport(r: CrashReport): Promise<string>;
}
