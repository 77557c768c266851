import { crc32, deflateRawSync } from 'node:zlib';
import { zip, type ZipCodec } from '../shared/xlsx-package';

/**
 * A .zip archive of files held in memory, deflated by node:zlib: the same zip writer as the .xlsx
 * files (shared/xlsx-package.ts), so no archive package joins the bundles. No zip64: at most 65,535
 * entries and 4 GiB, which the company export (modules/company-data) checks before writing.
 */
const DEFLATE: ZipCodec = { method: 8, compress: (raw) => deflateRawSync(raw), crc32: (raw) => crc32(raw) >>> 0 };

export const ZIP_MAX_ENTRIES = 65_535;

export interface ZipEntry {
  name: string;
  data: string | Uint8Array;
}

export function writeZip(entries: readonly ZipEntry[], at = new Date()): Buffer {
  if (entries.length > ZIP_MAX_ENTRIES) throw new Error(`zip: ${entries.length} entries, at most ${ZIP_MAX_ENTRIES}`);
  const file = zip([...entries], DEFLATE, at);
  return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
}
