import { isPhoneNumber } from './text-patterns';

/** The country code a number written nationally (leading 0) belongs to: the agencies are in Israel. */
export const DEFAULT_COUNTRY_CODE = '972';

/**
 * A phone number in E.164 (+ and up to 15 digits) where its country is known: written with + (or
 * the 00 international prefix), or nationally with one leading 0 (the default country's trunk
 * prefix, dropped). Null when it cannot be told (e.g. a short extension): the number is then kept
 * only as written. Not a full numbering-plan check: that needs libphonenumber's metadata, which
 * would take a third of a Lambda bundle for a contact field (docs/input-normalisation.md).
 */
export function phoneE164(written: string, countryCode = DEFAULT_COUNTRY_CODE): string | null {
  const text = written.trim();
  if (!isPhoneNumber(text)) return null;
  const digits = text.replace(/\D/g, '');
  let full: string;
  if (text.startsWith('+')) full = digits;
  else if (digits.startsWith('00')) full = digits.slice(2);
  else if (/^0[1-9]/.test(digits)) full = countryCode + digits.slice(1);
  else return null;
  return /^[1-9]\d{7,14}$/.test(full) ? `+${full}` : null;
}
