import type { CreativeChange, CreativeListItem, CreativesList, CreativeUpload } from '@server/shared/replies/creatives';
import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';

/**
 * A plan line's creatives (CreativesService): the list as a query, the writes, and the browser's
 * upload of a file straight to storage through the pre-signed POST (XMLHttpRequest, whose upload
 * reports progress; fetch does not). `scope` is the account of the page (x-account-id).
 */
export type { CreativeChange, CreativeListItem, CreativesList, CreativeUpload };

export interface LineRef {
  mediaMixId: number;
  mediaChannelId: number;
}

type Scope = number | string;

export const creativesQuery = (scope: Scope, line: LineRef) => apiQuery(
  queryKeyOf('CreativesService', 'GetCreativesList', line, scope),
  (signal) => callApi('CreativesService', 'GetCreativesList', line, { accountId: scope, signal }),
);

export const requestUpload = (scope: Scope, line: LineRef, file: { kind: 'image' | 'video'; fileName: string; size: number; contentType: string }) =>
  callApi('CreativesService', 'RequestCreativeUpload', { ...line, ...file }, { accountId: scope });

export const confirmUpload = (scope: Scope, line: LineRef, creativeId: number) =>
  callApi('CreativesService', 'ConfirmCreativeUpload', { ...line, creativeId }, { accountId: scope });

export const removeCreative = (scope: Scope, line: LineRef, creativeId: number) =>
  callApi('CreativesService', 'DeleteCreative', { ...line, creativeId }, { accountId: scope });

/** Storage refused the file: S3's error code (EntityTooLarge, AccessDenied…), or 'Network'. */
export class StorageRefusal extends Error {
  constructor(readonly code: string) {
    super(`Storage refused the upload (${code})`);
    this.name = 'StorageRefusal';
  }
}

/** POSTs the form's fields, then the file, to the pre-signed URL; `onProgress` gets 0..1. */
export function uploadFile(upload: Pick<CreativeUpload, 'Url' | 'Fields'>, file: Blob, onProgress: (share: number) => void): Promise<void> {
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
      else reject(new StorageRefusal(/<Code>([^<]+)<\/Code>/.exec(xhr.responseText ?? '')?.[1] ?? `HTTP${xhr.status}`));
    };
    xhr.onerror = () => reject(new StorageRefusal('Network'));
    xhr.send(form);
  });
}
