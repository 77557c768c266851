import { withoutIsolates } from '@server/shared/normalise-text';
import type { ExportedFile } from '@server/modules/media-plans/replies/plans';

/** Saves a file the API sent as Base64 (ExportMediaMix, ExportBillableStatement…) through a temporary object URL. */
export function downloadFile(file: ExportedFile): void {
  const binary = atob(file.Base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.ContentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = withoutIsolates(file.FileName);
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
