import { deleteObject, listKeys, presignGet } from '../../aws/s3';
import { putFile } from '../../aws/s3-upload';
import { LOGO_PREFIX } from '../configurations';
import { CSV_UPLOAD_PREFIX } from '../connectors';
import { KEPT_PREFIX, UPLOAD_PREFIX } from '../creatives';
import { ORDER_FILES_PREFIX } from '../orders';
import { OFFLINE_UPLOAD_PREFIX } from '../orders/schemas';
import { BILL_KEPT_PREFIX, BILL_UPLOAD_PREFIX } from '../vendor-bills/schemas';

/**
 * A company's files in the stage's creatives bucket (the one private bucket of files). Every key
 * builder that takes a company id puts it right after its prefix, so `<prefix><company>/` holds
 * exactly that company's files of the kind (docs/operations.md lists them). The exports' own
 * archives are `exports/<company>/<job>.zip`.
 */
export const EXPORT_PREFIX = 'exports/';

/** Every prefix under which a company's files live (each followed by `<company>/`). */
export const COMPANY_FILE_PREFIXES = [
  KEPT_PREFIX,
  UPLOAD_PREFIX,
  LOGO_PREFIX,
  ORDER_FILES_PREFIX,
  OFFLINE_UPLOAD_PREFIX,
  BILL_KEPT_PREFIX,
  BILL_UPLOAD_PREFIX,
  CSV_UPLOAD_PREFIX,
  EXPORT_PREFIX,
] as const;

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

export const companyFilePrefixes = (companyId: number) => COMPANY_FILE_PREFIXES.map((p) => `${p}${companyId}/`);

export const exportKeyOf = (companyId: number, jobId: string) => `${EXPORT_PREFIX}${companyId}/${jobId}.zip`;

export const companyFiles = {
  /** Every key of the company under every prefix. */
  async list(companyId: number): Promise<string[]> {
    const out: string[] = [];
    for (const prefix of companyFilePrefixes(companyId)) out.push(...(await listKeys(bucket(), prefix)));
    return out;
  },
  delete: (key: string) => deleteObject({ bucket: bucket(), key }),
  /** The archive's file on disk, uploaded in parts. */
  putArchive: (key: string, filePath: string) => putFile({ bucket: bucket(), key }, filePath, 'application/zip'),
  downloadUrl: (key: string, fileName: string, seconds: number) =>
    presignGet({ bucket: bucket(), key }, seconds, { disposition: `attachment; filename="${fileName}"` }),
};
