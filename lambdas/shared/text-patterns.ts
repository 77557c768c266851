/**
 * Contact-field rules shared by the API's schemas (lambdas/shared/schema-fields.ts) and the console's
 * forms. Kept apart from the schemas so a console screen that checks an e-mail address does not
 * bundle zod and the schema builders.
 *
 * These replace stricter rules (a 2–4-letter TLD, "digits and + only"), which refused real
 * addresses and numbers. Now: every address a mail server accepts, and phone numbers as people write them.
 */

/** RFC 5322 dot-atom characters, plus any letter or digit (RFC 6531, internationalised mail). */
const ATEXT = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]";
/** A DNS label: letters, digits and inner hyphens, at most 63 characters (IDN labels as Unicode). */
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
/**
 * name@domain: a local part of dot-atoms (no leading, trailing or double dot); a domain of at least
 * two labels whose last starts with a letter (so no bare IP address or "localhost": a client's
 * contact is reachable from outside). ads@brand.media, yael+ads@gmail.com and
 * yael@newbie-coffee.example pass. No lookahead, so the fuzz suite's generator can match it; the
 * lengths (64 before the @, 254 in all, RFC 5321) are isEmailAddress's.
 */
export const EMAIL_PATTERN = new RegExp(
  `^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+\\p{L}(?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?$`,
  'u',
);

/** The whole e-mail rule: the pattern and the lengths. */
export const isEmailAddress = (s: string) => EMAIL_PATTERN.test(s) && s.length <= 254 && s.indexOf('@') <= 64;

/**
 * A phone number as written: digits with spaces, hyphens, dots or parentheses between them and an
 * optional leading +. "+972-52-555-1234", "(03) 555 1234", "052.555.1234". The count of digits
 * (4 to 15, E.164's most) is isPhoneNumber's.
 */
export const PHONE_PATTERN = /^\+?[\d(][\d\s().-]*$/;

/** The whole phone rule: the pattern and 4 to 15 digits. */
export const isPhoneNumber = (s: string) => PHONE_PATTERN.test(s) && /^(?:\D*\d){4,15}\D*$/.test(s);

export const URL_PATTERN = /^https?:\/\/\S+$/;
