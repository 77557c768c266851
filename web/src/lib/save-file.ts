import { withoutIsolates } from '@server/shared/normalise-text';

/** An .xlsx file's media type (the exports the console writes, and those the API sends). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Saves `blob` under `name` (its bidi isolates removed: a file name is not displayed text) through a
 * temporary object URL, released once the browser has had time to start the download.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = withoutIsolates(name);
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
