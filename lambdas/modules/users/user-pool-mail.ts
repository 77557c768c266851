import { directionOf, isLocale, type Locale } from '../../shared/locales';
import { POOL_MAIL_WORDS } from './user-pool-mail-words';

/**
 * The user pool's mails in the recipient's language (docs/users.md "Invitations"): Cognito's own
 * invitation and code mails are one text per pool, so the pool's CustomMessage trigger
 * (lambdas/jobs/user-pool-mail.ts) writes them here instead.
 *
 * - The invitation (AdminCreateUser): in the language the invitation names in its client metadata
 *   (`locale`: the company's DefaultLocale, invites.ts), naming the company (`company`).
 * - The password-reset code (ForgotPassword): in the language the console asks in (`locale`, the
 *   language the user reads the console in).
 * Without a known language: English. Any other message (a sign-up code, an attribute's
 * verification) keeps the pool's default. Hebrew mails are right to left; every one has `lang`.
 */

/** How long a temporary password stays valid: the pool's policy (lib/stateful-stack.ts) and the invitation's words. */
export const TEMPORARY_PASSWORD_DAYS = 3;

/** The part of Cognito's CustomMessage event read and written here. */
export interface CustomMessageEvent {
  triggerSource: string;
  request: {
    userAttributes?: Record<string, string | undefined>;
    codeParameter?: string;
    usernameParameter?: string | null;
    clientMetadata?: Record<string, string | undefined> | null;
  };
  response: { emailSubject?: string | null; emailMessage?: string | null; smsMessage?: string | null };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A subject line: one line, no markup of its own (the company's name is text an operator typed). */
const subjectLine = (s: string) => s.replace(/[\r\n<>]+/g, ' ').slice(0, 150);

const mailBody = (lang: Locale, paragraphs: readonly string[]) =>
  `<div dir="${directionOf(lang)}" lang="${lang}">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;

function invitation(lang: Locale, e: CustomMessageEvent): CustomMessageEvent['response'] {
  const w = POOL_MAIL_WORDS[lang];
  const company = e.request.clientMetadata?.company?.trim().slice(0, 100) || w.yourAgency;
  const name = e.request.userAttributes?.name?.trim().slice(0, 100);
  const credentials =
    `${escapeHtml(w.username)} <b dir="ltr">${e.request.usernameParameter ?? '{username}'}</b><br>` +
    `${escapeHtml(w.password)} <b dir="ltr">${e.request.codeParameter ?? '{####}'}</b>`;
  return {
    emailSubject: subjectLine(w.subject(company)),
    emailMessage: mailBody(lang, [
      name ? escapeHtml(w.greeting(name)) : escapeHtml(w.hello),
      escapeHtml(w.invited(company)),
      credentials,
      escapeHtml(w.next(TEMPORARY_PASSWORD_DAYS)),
      escapeHtml(w.ignore),
    ]),
  };
}

function resetCode(lang: Locale, e: CustomMessageEvent): CustomMessageEvent['response'] {
  const w = POOL_MAIL_WORDS[lang].reset;
  return {
    emailSubject: w.subject,
    emailMessage: mailBody(lang, [
      `${escapeHtml(w.code)} <b dir="ltr">${e.request.codeParameter ?? '{####}'}</b>`,
      escapeHtml(w.use),
      escapeHtml(w.ignore),
    ]),
  };
}

/** The CustomMessage trigger's answer: the event with the mail's subject and body set, or untouched. */
export function userPoolMail<E extends CustomMessageEvent>(event: E): E {
  const asked = event.request.clientMetadata?.locale;
  const lang: Locale = isLocale(asked) ? asked : 'en';
  const write =
    event.triggerSource === 'CustomMessage_AdminCreateUser'
      ? invitation
      : event.triggerSource === 'CustomMessage_ForgotPassword'
        ? resetCode
        : undefined;
  if (!write) return event;
  return { ...event, response: { ...event.response, ...write(lang, event) } };
}
