import type { CsvImportFailure, CsvImportView, CsvUpload } from '@server/modules/connectors/replies/csv-imports';
import { callApi } from '../../../lib/api-client';

/**
 * The CSV upload of the daily grain (ConnectorsService): a pre-signed POST for the
 * file (uploaded by lib/storage-upload.ts), the import call, and the import's progress read while
 * that call runs.
 */
export type { CsvImportFailure, CsvImportView, CsvUpload };

export const requestCsvUpload = (agentConnectorId: number, file: { fileName: string; size: number }) =>
  callApi('ConnectorsService', 'GetCsvUploadUrl', { agentConnectorId, ...file });

export const importCsv = (agentConnectorId: number, importId: string, fileName: string) =>
  callApi('ConnectorsService', 'ImportCampaignStatsCsv', { agentConnectorId, importId, fileName });

export const fetchCsvImport = (importId: string) => callApi('ConnectorsService', 'GetCsvImport', { importId });
