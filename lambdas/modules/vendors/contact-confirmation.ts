import { ConflictError, NotFoundError, staleVersion } from '../../core/errors';
import { log } from '../../core/logger';
import { readLink, signLink } from '../../core/signed-link';
import { linkKey } from '../../aws/link-key';
import { mailerFromEnv, type Mail, type Mailer } from '../../aws/ses-mailer';
import { directionOf, isLocale, type Locale } from '../../shared/locales';
import { getCompany, type UserProfile } from '../tenancy';
import { CONTACT_WORDS } from './contact-words';
import type { ContactConfirmationSent } from './contact-replies';
import type { Vendor, VendorContact } from './store';
import { getVendor, replaceVendor } from './store.dynamodb';

/**
 * A vendor contact's address is confirmed before first use (docs/domain.md "Vendors"): a save that
 * adds a contact or changes its address mails that address a signed link (core/signed-link.ts,
 * purpose CONTACT_LINK, valid CONFIRM_DAYS days) naming the company, the vendor and the address;
 * the link's page marks that contact Confirmed while the vendor still has it with that address.
 */
export const CONTACT_LINK = 'vendor-contact';
export const CONFIRM_DAYS = 14;

/**
 * What sending needs: the mailer and the page's URL (from the environment unless given: tests). The
 * URL is the full address of the public page, `<API>/confirm-contact` (jobs/job-handlers.ts
 * CONFIRM_CONTACT_PATH, served by lambdas/public/confirm-contact.ts); the token goes in its `t`.
 */
export interface ConfirmDeps {
  mailer?: Mailer;
  confirmUrl?: string;
  now?: Date;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The contacts to save: each keeps Confirmed while the vendor had that address confirmed already. */
export function withConfirmations(before: readonly VendorContact[], contacts: VendorContact[]): VendorContact[] {
  return contacts.map((c) => ({
    ...c,
    Confirmed: before.some((b) => b.Confirmed && sameAddress(b.Email, c.Email)),
  }));
}

/** The addresses a save must mail: unconfirmed ones the vendor did not have before (new contacts, changed addresses). */
export function addressesToMail(before: readonly VendorContact[], after: readonly VendorContact[]): string[] {
  const had = new Set(before.map((c) => c.Email.toLowerCase()));
  return [...new Set(after.filter((c) => !c.Confirmed && !had.has(c.Email.toLowerCase())).map((c) => c.Email))];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation mail in the company's language: Mixdesk's words, the names as data. */
export function contactMail(lang: Locale, to: string, company: string, vendor: string, link: string): Mail {
  const w = CONTACT_WORDS[lang];
  const lines = [w.body(company, vendor), w.expires(CONFIRM_DAYS), w.ignore];
  return {
    to,
    subject: w.subject(company),
    text: `${lines[0]}\n${link}\n\n${lines[1]}\n${lines[2]}`,
    html:
      `<div dir="${directionOf(lang)}" lang="${lang}"><p>${escapeHtml(lines[0])}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>` +
      `<p>${escapeHtml(lines[1])}</p><p>${escapeHtml(lines[2])}</p></div>`,
  };
}

/**
 * Mails each address its link. Best effort after the save: a stage without mail (no MAIL_FROM or no
 * CONTACT_CONFIRM_URL) or a failed send is logged, the contact stays unconfirmed and the screen's
 * "resend" tries again. Returns how many went.
 */
export async function mailConfirmations(
  companyId: number,
  vendor: Pick<Vendor, 'ID' | 'Name'>,
  addresses: readonly string[],
  deps: ConfirmDeps = {},
): Promise<number> {
  if (!addresses.length) return 0;
  const mailer = deps.mailer ?? mailerFromEnv();
  const url = deps.confirmUrl ?? process.env.CONTACT_CONFIRM_URL;
  if (!mailer || !url) {
    log.warn('vendor contacts: no mail configured, confirmation not sent', { companyId, vendorId: vendor.ID });
    return 0;
  }
  const company = await getCompany(companyId);
  const lang: Locale = isLocale(company?.DefaultLocale) ? company.DefaultLocale : 'en';
  const key = await linkKey();
  const expires = new Date((deps.now ?? new Date()).getTime() + CONFIRM_DAYS * 86_400_000);
  let sent = 0;
  for (const address of addresses) {
    const token = signLink(key, CONTACT_LINK, [String(companyId), String(vendor.ID), address.toLowerCase()], expires);
    const link = `${url}${url.includes('?') ? '&' : '?'}t=${token}`;
    try {
      await mailer.send(contactMail(lang, address, company?.Name ?? '', vendor.Name, link));
      sent++;
    } catch (err) {
      log.warn('vendor contacts: a confirmation mail failed', {
        companyId,
        vendorId: vendor.ID,
        why: (err as Error).message,
      });
    }
  }
  return sent;
}

/** VendorsService.ResendContactConfirmation: the link again, for a contact of the vendor not confirmed yet. */
export async function resendConfirmation(
  caller: UserProfile,
  vendorId: number,
  email: string,
  deps: ConfirmDeps = {},
): Promise<ContactConfirmationSent> {
  const v = await getVendor(caller.companyId, vendorId, true);
  if (!v) throw new NotFoundError(`Vendor ${vendorId} was not found`, 'NOT_FOUND', { entity: 'Vendor', id: vendorId });
  if (v.Archived)
    throw new ConflictError(`Vendor ${v.ID} is archived; restore it first`, 'ENTITY_ARCHIVED', {
      entity: 'Vendor',
      id: v.ID,
    });
  const contact = v.Contacts.find((c) => sameAddress(c.Email, email));
  if (!contact)
    throw new NotFoundError(`Vendor ${v.ID} has no contact ${email}`, 'NOT_FOUND', {
      entity: 'VendorContact',
      id: email,
    });
  if (contact.Confirmed) return { Sent: false, Confirmed: true };
  return { Sent: (await mailConfirmations(caller.companyId, v, [contact.Email], deps)) === 1, Confirmed: false };
}

export type ConfirmOutcome = 'ask' | 'done' | 'invalid' | 'expired' | 'changed';

/**
 * The link's page: GET only asks (a mail scanner that follows links confirms nothing), POST marks the
 * contact Confirmed (audited as the contact's own change; answered `done` again when it already is).
 */
export async function confirmContact(
  token: string | undefined,
  method: 'GET' | 'POST',
  now = new Date(),
  attempt = 1,
): Promise<{ outcome: ConfirmOutcome; address?: string; vendor?: string; companyId?: number }> {
  const read = readLink(await linkKey(), CONTACT_LINK, token, now);
  if (!read.ok) return { outcome: read.why };
  const [companyText, vendorText, address] = read.fields;
  const companyId = Number(companyText);
  const vendorId = Number(vendorText);
  if (read.fields.length !== 3 || !Number.isSafeInteger(companyId) || !Number.isSafeInteger(vendorId))
    return { outcome: 'invalid' };
  const v = await getVendor(companyId, vendorId, true);
  const i = v?.Contacts.findIndex((c) => sameAddress(c.Email, address)) ?? -1;
  if (!v || i < 0 || v.Archived) return { outcome: 'changed', address };
  const seen = { address, vendor: v.Name, companyId };
  if (method === 'GET') return { outcome: v.Contacts[i].Confirmed ? 'done' : 'ask', ...seen };
  if (v.Contacts[i].Confirmed) return { outcome: 'done', ...seen };
  const after: Vendor = {
    ...v,
    Contacts: v.Contacts.map((c, j) => (j === i ? { ...c, Confirmed: true } : c)),
    version: v.version + 1,
    updatedAt: now.toISOString(),
    updatedBy: address,
  };
  try {
    await replaceVendor(companyId, v, after, 'update', staleVersion());
  } catch (err) {
    // A save in between moved the version: read the vendor again (its address may have changed) once.
    if (err instanceof ConflictError && attempt === 1) return confirmContact(token, method, now, 2);
    throw err;
  }
  log.info('vendor contacts: an address confirmed', { companyId, vendorId });
  return { outcome: 'done', ...seen };
}
