import { maxLength, object, optional, string } from 'zod/mini';
import { id, int, matches, text } from '../../../shared/schema-fields';

/**
 * The CSV upload of the daily grain (ConnectorsService.GetCsvUploadUrl,
 * ImportCampaignStatsCsv, GetCsvImport). An import is named by the id its upload form was made
 * with: the time it was asked (ms) and a random UUID.
 */
export const CSV_IMPORT_ID_PATTERN = /^\d{13}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const importId = () => string().check(maxLength(50), matches(CSV_IMPORT_ID_PATTERN, 'INVALID'));

export const getCsvUploadUrl = object({
  /** The CSV upload connection the file is for. */
  agentConnectorId: id(),
  /** The file's name as the user picked it (shown back; never part of a storage key). */
  fileName: text(200),
  /** The file's size in bytes, as the browser reports it (over the limit: 413 before any upload). */
  size: int(),
});

export const importCampaignStatsCsv = object({
  agentConnectorId: id(),
  /** Only this account connector's ad accounts (of the connection) may be in the file; absent: any the connection's links name. */
  accountConnectorId: optional(id()),
  importId: importId(),
  fileName: optional(text(200)),
});

export const getCsvImport = object({ importId: importId() });
