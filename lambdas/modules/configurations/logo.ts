import { PayloadTooLargeError, ValidationError } from '../../core/errors';
import type { UserProfile } from '../../core/caller';
import { MAX_LOGO_BYTES, sniffLogoType, type LogoContentType } from '../../shared/company-logo';
import { formatBytes } from '../../shared/file-size';
import type { LogoFiles } from './logo-files';
import { logoFiles } from './logo-files.s3';
import { readLogoRef, recordLogo } from './logo-store.dynamodb';
import type { CompanyLogoReply } from './replies';
import type { SaveCompanyLogoInput } from './schemas';

/**
 * The company's logo (docs/domain.md): an Admin uploads it (SaveCompanyLogo, base64 in the body),
 * replaces or removes it; every user of the company reads it (GetCompanyLogo: the console's top
 * bar). A PNG or JPEG of at most 200 KB, known by its content's signature, never by a name or a
 * declared type (shared/company-logo.ts). Each upload is a new object; the company record names the
 * one in use (`Logo`, which sign-in hands out), and the replaced one is deleted once it is not.
 */

/** The logo's bytes and type, for the exports and mails that show it; undefined when the company has none. */
export async function companyLogo(
  companyId: number,
  files: LogoFiles = logoFiles,
): Promise<{ bytes: Uint8Array; contentType: LogoContentType } | undefined> {
  const ref = await readLogoRef(companyId);
  const bytes = ref && (await files.read(companyId, ref.version));
  return ref && bytes ? { bytes, contentType: ref.contentType } : undefined;
}

export async function getCompanyLogoFor(caller: UserProfile, files: LogoFiles = logoFiles): Promise<CompanyLogoReply> {
  const ref = await readLogoRef(caller.companyId);
  const bytes = ref && (await files.read(caller.companyId, ref.version));
  if (!ref || !bytes) return { Logo: null };
  return { Logo: { ContentType: ref.contentType, Data: Buffer.from(bytes).toString('base64'), Version: ref.version } };
}

/** The bytes of an upload, refused unless they are a PNG or JPEG within the limit. */
function checkedLogo(base64: string): { bytes: Uint8Array<ArrayBuffer>; contentType: LogoContentType } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) {
    const size = formatBytes(bytes.length);
    const limit = formatBytes(MAX_LOGO_BYTES);
    throw new PayloadTooLargeError(`Logo: ${size} is over the ${limit} a logo may be`, 'LOGO_TOO_LARGE', {
      size,
      limit,
    });
  }
  const contentType = sniffLogoType(bytes);
  if (!contentType) throw new ValidationError('Logo: its content is not a PNG or JPEG image', 'LOGO_NOT_AN_IMAGE');
  return { bytes, contentType };
}

/** SaveCompanyLogo: the new logo stored, then named on the company (with its audit entry); the one it replaces deleted. */
export async function saveCompanyLogoFor(
  caller: UserProfile,
  input: SaveCompanyLogoInput,
  files: LogoFiles = logoFiles,
): Promise<CompanyLogoReply> {
  const { companyId } = caller;
  const { bytes, contentType } = checkedLogo(input.Logo);
  const before = await readLogoRef(companyId);
  const at = new Date().toISOString();
  const after = { version: String(Date.now()), contentType };
  await files.put(companyId, after.version, bytes, contentType);
  try {
    await recordLogo(companyId, before, after, caller.email, at);
  } catch (err) {
    await files.remove(companyId, after.version).catch(() => undefined);
    throw err;
  }
  if (before) await files.remove(companyId, before.version).catch(() => undefined);
  return { Logo: { ContentType: contentType, Data: Buffer.from(bytes).toString('base64'), Version: after.version } };
}

/** DeleteCompanyLogo: the company has no logo any more (none already: nothing to do). */
export async function deleteCompanyLogoFor(
  caller: UserProfile,
  files: LogoFiles = logoFiles,
): Promise<CompanyLogoReply> {
  const before = await readLogoRef(caller.companyId);
  if (!before) return { Logo: null };
  await recordLogo(caller.companyId, before, undefined, caller.email, new Date().toISOString());
  await files.remove(caller.companyId, before.version).catch(() => undefined);
  return { Logo: null };
}
