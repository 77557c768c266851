import type { TFunction } from 'i18next';
import { MAX_LOGO_BYTES, sniffLogoType } from '@server/shared/company-logo';
import { formatBytes } from '@server/shared/file-size';
import { codeText } from '../../../lib/api-error-text';
import { loadErrorCatalogue } from '../../../lib/i18n';

/** The file's bytes, read in the browser. */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The file as base64 (what SaveCompanyLogo takes). */
export async function logoBase64(file: Blob): Promise<string> {
  const bytes = await readBytes(file);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * Why the API would refuse this file as the logo, said before sending it and in the API's own words
 * (LOGO_TOO_LARGE, LOGO_NOT_AN_IMAGE): over 200 KB, or content that is no PNG or JPEG whatever the
 * file is called. Undefined when it may go.
 */
export async function logoRefusal(file: Blob, t: TFunction): Promise<string | undefined> {
  await loadErrorCatalogue();
  if (file.size > MAX_LOGO_BYTES)
    return codeText('LOGO_TOO_LARGE', { size: formatBytes(file.size), limit: formatBytes(MAX_LOGO_BYTES) }, t);
  if (!sniffLogoType(await readBytes(file.slice(0, 16)))) return codeText('LOGO_NOT_AN_IMAGE', {}, t);
  return undefined;
}
