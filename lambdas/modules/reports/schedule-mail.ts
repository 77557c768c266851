import type { Mail, MailAttachment, MailLogo } from '../../aws/ses-mailer';
import type { ReportFigures } from './replies/reports';
import type { ScheduleLanguage } from './replies/report-schedules';
import { directionOf } from '../../shared/locales';
import { CONFIRM_MAIL_WORDS, REPORT_MAIL_WORDS, type ReportMailWords } from './schedule-mail-words';

/**
 * The mail of a scheduled report, in the schedule's language (its words: schedule-mail-words.ts;
 * Hebrew right to left, the others left to right, `lang` set): the subject names the report and the
 * period; the body gives the totals (the report's totals row, as the attached file's last row) and a
 * line when the data is provisional (inside the platforms' restatement window) or a connector
 * feeding it is unhealthy; outside recipients get an unsubscribe link. The company's logo, when it
 * has one, tops the HTML (the mailer adds it as an inline image).
 */
export interface ReportMailFacts {
  name: string;
  from: string;
  to: string;
  currency: string;
  totals: ReportFigures;
  /** Rows of the report (0: nothing was spent in the period). */
  rows: number;
  truncated: boolean;
  provisional: boolean;
  unhealthyConnectors: string[];
}

/** The most of a report's name a subject carries (the rest is cut with "…"): the subject is Mixdesk's, the name a quoted part of it. */
export const SUBJECT_NAME_MAX = 40;

/**
 * Anything a mail client would turn into a link: a scheme, "www.", or a dotted host name ending in
 * letters (evil.example/claim). A schedule's name is the user's text; mailed to outside addresses
 * it must not carry a link under Mixdesk's sender, so each such run becomes "…".
 */
const LINK_LIKE =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*|[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}{2,}(?:[/?#:]\S*)?/giu;

/** The report's name as a mail quotes it: no link, no line break, no double quote, at most SUBJECT_NAME_MAX characters. */
export function quotedName(name: string): string {
  const clean = name
    .replace(LINK_LIKE, '…')
    .replace(/[\s"]+/g, (m) => (m.includes('"') ? "'" : ' '))
    .trim();
  const chars = [...clean];
  return chars.length > SUBJECT_NAME_MAX ? `${chars.slice(0, SUBJECT_NAME_MAX - 1).join('')}…` : clean;
}

/** A calendar day (YYYY-MM-DD) as the recipient's language writes it (the console's medium date). */
const dayText = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The mail's name and period as its words take them: the name quoted, the days in the language. */
const named = (f: ReportMailFacts, w: ReportMailWords): [string, string, string] => [
  quotedName(f.name),
  dayText(f.from, w.locale),
  dayText(f.to, w.locale),
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The totals lines: label and shown value (money and ratios with 2 decimals, counts without). */
export function totalsLines(f: ReportMailFacts, lang: ScheduleLanguage): [string, string][] {
  const w = REPORT_MAIL_WORDS[lang];
  const n = (v: number, d: number) =>
    new Intl.NumberFormat(w.locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
  const money = (v: number) => `${n(v, 2)} ${f.currency}`;
  const t = f.totals;
  return [
    [w.labels.Spend, money(t.Spend)],
    [w.labels.Impressions, n(t.Impressions, 0)],
    [w.labels.Clicks, n(t.Clicks, 0)],
    [w.labels.Conversions, n(t.Conversions, 2)],
    [w.labels.ConversionValue, money(t.ConversionValue)],
    [w.labels.Ctr, w.percent(n(t.Ctr, 2))],
    [w.labels.Cpa, money(t.Cpa)],
    [w.labels.Roas, n(t.Roas, 2)],
  ];
}

export function reportMail(
  f: ReportMailFacts,
  lang: ScheduleLanguage,
  to: string,
  attachment: MailAttachment,
  unsubscribeUrl: string | null,
  logo?: MailLogo,
): Mail {
  const w = REPORT_MAIL_WORDS[lang];
  const intro = w.intro(...named(f, w));
  const notes = [
    ...(f.rows === 0 ? [w.empty] : []),
    ...(f.truncated ? [w.truncated] : []),
    ...(f.provisional ? [w.provisional] : []),
    ...(f.unhealthyConnectors.length ? [w.unhealthy(f.unhealthyConnectors.join(', '))] : []),
  ];
  const lines = totalsLines(f, lang);
  const text = [
    intro,
    '',
    `${w.totals}${w.colon.trimEnd()}`,
    ...lines.map(([k, v]) => `${k}${w.colon}${v}`),
    ...(notes.length ? ['', ...notes] : []),
    ...(unsubscribeUrl ? ['', `${w.unsubscribe}${w.colon}${unsubscribeUrl}`] : []),
  ].join('\n');
  const html =
    `<div dir="${directionOf(lang)}" lang="${lang}"><p>${escapeHtml(intro)}</p>` +
    `<table><caption>${escapeHtml(w.totals)}</caption>${lines.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td dir="ltr">${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    notes.map((s) => `<p><b>${escapeHtml(s)}</b></p>`).join('') +
    (unsubscribeUrl ? `<p><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(w.unsubscribe)}</a></p>` : '') +
    '</div>';
  return { to, subject: w.subject(...named(f, w)), text, html, attachments: [attachment], ...(logo ? { logo } : {}) };
}

/**
 * The mail that asks an outside address to confirm, once per company, that it wants scheduled
 * reports: Mixdesk's own words only (no name, no text a user typed), and the link; the company's
 * logo on top (its name only as the image's alt text, escaped), so the reader knows who asks.
 */
export function confirmationMail(lang: ScheduleLanguage, to: string, link: string, logo?: MailLogo): Mail {
  const w = CONFIRM_MAIL_WORDS[lang];
  return {
    to,
    subject: w.subject,
    text: `${w.text}\n${link}\n\n${w.ignore}`,
    html: `<div dir="${directionOf(lang)}" lang="${lang}"><p>${escapeHtml(w.text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p><p>${escapeHtml(w.ignore)}</p></div>`,
    attachments: [],
    ...(logo ? { logo } : {}),
  };
}
