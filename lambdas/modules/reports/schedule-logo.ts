import { errorFields, log } from '../../core/logger';
import type { MailLogo } from '../../aws/ses-mailer';
import { companyLogo } from '../configurations';
import { getCompany } from '../tenancy';

/**
 * The company's logo in scheduled report mails and their Excel files, and in confirmation mails:
 * read at most once per company per dispatcher run (a table read and an S3 read each), whatever the
 * number of schedules and recipients. A logo that cannot be read leaves the mails without it.
 */
export type LogoOf = (companyId: number) => Promise<MailLogo | undefined>;

async function readLogo(companyId: number): Promise<MailLogo | undefined> {
  try {
    const logo = await companyLogo(companyId);
    if (!logo) return undefined;
    return { ...logo, alt: (await getCompany(companyId))?.Name ?? '' };
  } catch (err) {
    log.warn('scheduled reports: mails go without the company logo', { ...errorFields(err), companyId });
    return undefined;
  }
}

/** A reader for one run: each company's logo read on first use, then remembered. */
export function logosOfRun(): LogoOf {
  const read = new Map<number, Promise<MailLogo | undefined>>();
  return (companyId) => {
    let logo = read.get(companyId);
    if (!logo) {
      logo = readLogo(companyId);
      read.set(companyId, logo);
    }
    return logo;
  };
}
