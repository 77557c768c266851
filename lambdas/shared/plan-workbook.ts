/**
 * The identity a plan's exported workbook carries (ExportMediaMix), so that the same file can come
 * back as a new version of that plan (MediaMixService.PreviewMediaMixImport / ImportMediaMix,
 * modules/media-plans/import.ts): a hidden sheet named PLAN_IDENTITY_SHEET with one `key | value` row per
 * entry of IDENTITY_KEYS, the first being `Format | PLAN_WORKBOOK_FORMAT`. SDK-free: the console may
 * read it too.
 */
export const PLAN_IDENTITY_SHEET = 'Mixdesk';
export const PLAN_WORKBOOK_FORMAT = 'mixdesk-plan/1';
export const IDENTITY_KEYS = [
  'Format',
  'AccountId',
  'ActivityId',
  'MediaMixId',
  'VersionNumber',
  'ExportedAt',
] as const;
export type IdentityKey = (typeof IDENTITY_KEYS)[number];

/** The largest workbook an import takes (decoded), and its base64 length in the request. */
export const MAX_IMPORT_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_FILE_BASE64 = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4;
/** The request body of the import routes (RouteDef.maxBodyBytes): the file's base64 and the rest of the JSON. */
export const IMPORT_MAX_BODY_BYTES = MAX_IMPORT_FILE_BASE64 + 4096;
/** The most rows (with a value) the lines sheet may have, and columns a row may use. */
export const MAX_IMPORT_ROWS = 500;
export const MAX_IMPORT_COLUMNS = 60;

/** The calendar day ('2026-03-01') of an Excel serial day (its time of day ignored), or undefined when out of Excel's range. */
export function dayOfSerial(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return undefined;
  return new Date((Math.floor(serial) - 25_569) * 86_400_000).toISOString().slice(0, 10);
}
