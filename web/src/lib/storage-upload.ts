/**
 * The browser's upload of a file straight to storage through a pre-signed POST (a creative,
 * CreativesService.RequestCreativeUpload; a CSV of daily stats, ConnectorsService.GetCsvUploadUrl).
 * XMLHttpRequest, whose upload reports progress; fetch does not.
 */

/** A pre-signed POST: the form's fields, posted to the URL before the file. */
export interface PresignedPost {
  Url: string;
  Fields: Record<string, string>;
}

/** Storage refused the file: S3's error code (EntityTooLarge, AccessDenied…), `HTTP<status>`, or 'Network'. */
export class StorageRefusal extends Error {
  constructor(readonly code: string) {
    super(`Storage refused the upload (${code})`);
    this.name = 'StorageRefusal';
  }
}

/** POSTs the form's fields, then the file, to the pre-signed URL; `onProgress` gets 0..1. */
export function uploadToStorage(upload: PresignedPost, file: Blob, onProgress: (share: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.Fields)) form.append(k, v);
    // S3 takes the file as the last field.
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.Url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new StorageRefusal(/<Code>([^<]+)<\/Code>/.exec(xhr.responseText ?? '')?.[1] ?? `HTTP${xhr.status}`));
    };
    xhr.onerror = () => reject(new StorageRefusal('Network'));
    xhr.send(form);
  });
}
