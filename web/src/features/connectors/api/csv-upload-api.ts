import type { CsvImportView, CsvUpload } from '@server/shared/replies/csv-imports';
import { callApi } from '../../../lib/api-client';

/**
 * The CSV upload of the daily grain (ConnectorsService, issue 12 §2): a pre-signed POST for the
 * file, the browser's upload straight to storage (XMLHttpRequest, whose upload reports progress;
 * fetch does not), the import call, and the import's progress read while that call runs.
 */
export type { CsvImportView, CsvUpload };

export const requestCsvUpload = (agentConnectorId: number, file: { fileName: string; size: number }) =>
  callApi('ConnectorsService', 'GetCsvUploadUrl', { agentConnectorId, ...file });

export const importCsv = (agentConnectorId: number, importId: string, fileName: string) =>
  callApi('ConnectorsService', 'ImportCampaignStatsCsv', { agentConnectorId, importId, fileName });

export const fetchCsvImport = (importId: string) => callApi('ConnectorsService', 'GetCsvImport', { importId });

/** Storage refused the file: S3's error code (EntityTooLarge, AccessDenied…), or 'Network'. */
export class CsvStorageRefusal extends Error {
  constructor(readonly code: string) {
    super(`Storage refused the upload (${code})`);
    this.name = 'CsvStorageRefusal';
  }
}

/** POSTs the form's fields, then the file, to the pre-signed URL; `onProgress` gets 0..1. */
export function uploadCsvFile(upload: Pick<CsvUpload, 'Url' | 'Fields'>, file: Blob, onProgress: (share: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.Fields)) form.append(k, v);
    // S3 takes the file as the last field.
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.Url);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new CsvStorageRefusal(/<Code>([^<]+)<\/Code>/.exec(xhr.responseText ?? '')?.[1] ?? `HTTP${xhr.status}`));
    };
    xhr.onerror = () => reject(new CsvStorageRefusal('Network'));
    xhr.send(form);
  });
}
