import { deleteObject, getObject, putObject, type S3Target } from '../../aws/s3';
import type { LogoFiles } from './logo-files';

/**
 * The company logos in the stage's creatives bucket (the one private bucket of files), under
 * `logos/<company>/<version>`: keys made from ids only. The bytes are never served from the bucket:
 * the API hands them out (GetCompanyLogo), so no bucket URL or CORS rule is involved.
 */
export const LOGO_PREFIX = 'logos/';

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

const target = (companyId: number, version: string): S3Target => ({
  bucket: bucket(),
  key: `${LOGO_PREFIX}${companyId}/${version}`,
});

export const logoFiles: LogoFiles = {
  put: (companyId, version, bytes, contentType) => putObject(target(companyId, version), bytes, contentType),
  read: async (companyId, version) => (await getObject(target(companyId, version)))?.body,
  remove: (companyId, version) => deleteObject(target(companyId, version)),
};
