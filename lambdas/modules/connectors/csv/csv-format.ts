import type { ErrorIssue } from '../../../shared/error-issues';
import type { ErrorReason } from '../../../shared/error-reasons';
import type { ConnectorType, DailyStat } from '../platform';

/** The CSV upload's columns, bounds, options and refusals (csv-daily-grain.ts has the rules). */

export const CSV_COLUMNS = [
  'date',
  'platform',
  'account',
  'campaign id',
  'campaign name',
  'impressions',
  'clicks',
  'spend',
  'currency',
  'conversions',
  'conversion value',
  'video views',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The platform column's words → the connector type the row is keyed under ('other' and 'csv' → csv_upload). */
export const PLATFORM_WORDS: Record<string, ConnectorType> = {
  google_ads: 'google_ads',
  google: 'google_ads',
  'google ads': 'google_ads',
  meta_ads: 'meta_ads',
  meta: 'meta_ads',
  'meta ads': 'meta_ads',
  facebook: 'meta_ads',
  'facebook ads': 'meta_ads',
  instagram: 'meta_ads',
  tiktok_ads: 'tiktok_ads',
  tiktok: 'tiktok_ads',
  'tiktok ads': 'tiktok_ads',
  csv_upload: 'csv_upload',
  csv: 'csv_upload',
  other: 'csv_upload',
};
export const PLATFORM_VALUES = 'google_ads, meta_ads, tiktok_ads, other';

export const MAX_ACCOUNT_LENGTH = 100;
export const MAX_CAMPAIGN_ID_LENGTH = 100;
export const MAX_CAMPAIGN_NAME_LENGTH = 500;
/** One record (a line, or the lines of a quoted value) — far above any honest row. */
export const MAX_RECORD_LENGTH = 32 * 1024;
export const MAX_DECIMALS = 6;
/** Issues kept for the reply (all are counted). */
export const KEPT_ISSUES = 100;
/** Issues the refusal's message and ErrorIssues list, as the exchange-rate import does. */
export const LISTED_ISSUES = 20;

export interface CsvProgress {
  /** 'check': the first reading (every row validated); 'read': the second, rows handed on. */
  phase: 'check' | 'read';
  /** Lines read so far, the header included. */
  lines: number;
  rows: number;
}

export interface CsvDailyGrainOptions {
  onProgress?: (p: CsvProgress) => void;
  /** Lines between two progress calls (default 5,000; one more at the end of each phase). */
  progressEvery?: number;
  /** Rows a file may have (default 1,000,000). */
  maxRows?: number;
  /** Rows per batch of `readDailyGrainCsv` (default 500). */
  batchSize?: number;
  /**
   * The caller's own checks of a good row (the import's: is its ad account linked?), run in the
   * check reading: its issues are refused with the parser's, by line, all or nothing. It may keep
   * state (report an account once); it is not called in the second reading.
   */
  rowCheck?: (stat: DailyStat, line: number) => CsvRowIssue[] | undefined;
}

/** A problem a rowCheck finds in a good row: its column's header word (none: the whole row), its reason. */
export interface CsvRowIssue {
  column?: CsvColumn;
  reason: ErrorReason;
  params: Record<string, string | number>;
}

/** Why a file is refused: a whole-file problem, or its bad rows (every one counted, the first KEPT_ISSUES kept). */
export type CsvRefusal =
  | { code: 'CSV_EMPTY' | 'CSV_NO_ROWS'; message: string }
  | { code: 'CSV_HEADER_INVALID'; message: string; expected: string; found: string }
  | { code: 'CSV_TOO_MANY_ROWS'; message: string; rows: number; max: number }
  | { code: 'CSV_LINE_INVALID'; message: string; issues: ErrorIssue[]; count: number };

export type CsvCheck = { ok: true; rows: number } | { ok: false; refusal: CsvRefusal };

export class CsvRefusedError extends Error {
  constructor(readonly refusal: CsvRefusal) {
    super(refusal.message);
    this.name = 'CsvRefusedError';
  }
}
