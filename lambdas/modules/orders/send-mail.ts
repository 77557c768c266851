import type { Mail } from '../../aws/ses-mailer';
import { directionOf, type Locale } from '../../shared/locales';
import { SEND_WORDS } from './send-words';

/** HTML's five special characters escaped: every name and text of a user is data in a mail or a page. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');

/** The vendor's mail: Mixdesk's words, the names and the agency's instructions as data, the PDF attached. */
export function vendorMail(m: {
  lang: Locale;
  to: string;
  agency: string;
  vendor: string;
  number: string;
  instructions: string | null;
  link: string;
  days: number;
  pdf: Uint8Array;
  logo?: { bytes: Uint8Array; contentType: 'image/png' | 'image/jpeg' };
}): Mail {
  const w = SEND_WORDS[m.lang];
  const intro = w.body(m.agency, m.vendor, m.number);
  const notes = m.instructions ? `\n\n${w.instructions}:\n${m.instructions}` : '';
  return {
    to: m.to,
    subject: w.subject(m.agency, m.number),
    text: `${intro}\n${m.link}${notes}\n\n${w.attached}\n${w.expires(m.days)}`,
    html:
      `<div dir="${directionOf(m.lang)}" lang="${m.lang}"><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(m.link)}">${escapeHtml(w.button)}</a></p>` +
      (m.instructions ? `<h3>${escapeHtml(w.instructions)}</h3>${paragraphs(m.instructions)}` : '') +
      `<p>${escapeHtml(w.attached)}</p><p>${escapeHtml(w.expires(m.days))}</p></div>`,
    attachments: [{ fileName: `${m.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(m.pdf) }],
    ...(m.logo ? { logo: { ...m.logo, alt: m.agency } } : {}),
  };
}
