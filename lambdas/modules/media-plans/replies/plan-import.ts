/**
 * Replies of the plan's Excel import (MediaMixService.PreviewMediaMixImport / ImportMediaMix,
 * modules/media-plans/import.ts). Plain TypeScript: the console imports it.
 */

/** One field of a line that the file changes: the line input's field name (`Budget`, `StartDate`…) and its values before and after. */
export interface PlanImportChange {
  Field: string;
  /** For AccountChannelTypeId: the channel types' names; MonthlySplit: the split as JSON before, null after (split by days). */
  Before: string | number | null;
  After: string | number | null;
}

/** What importing the file would do: the new Draft's number and the lines added, changed (field by field) and removed. */
export interface PlanImportPreview {
  MediaMixId: number;
  /** The version the file was exported from (the plan's latest). */
  BaseVersionNumber: number;
  /** The Draft the import would create. */
  NewVersionNumber: number;
  /** Rows without a line id: `Row` is the sheet's row number. */
  Added: { Row: number; Name: string; Budget: number }[];
  Changed: { LineId: number; Name: string; Changes: PlanImportChange[] }[];
  Removed: { LineId: number; Name: string }[];
  Unchanged: number;
  /** Presented by ImportMediaMix: the file's bytes and the base version, hashed. */
  Token: string;
}

/** ImportMediaMix: the new Draft version. */
export interface PlanImportResult {
  /** The new Draft version's id. */
  MediaMixId: number;
  VersionNumber: number;
  ActivityId: number;
}
