import type { ExportedFile } from '@server/modules/media-plans/replies/plans';
import { saveFile } from './save-file';

/** Saves a file the API sent as Base64 (ExportMediaMix, ExportBillableStatement…). */
export function downloadFile(file: ExportedFile): void {
  const bytes = Uint8Array.from(atob(file.Base64), (c) => c.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.ContentType }), file.FileName);
}
