import type { Mail, MailAttachment } from '../../aws/ses-mailer';
import type { ReportFigures } from './replies/reports';
import type { ScheduleLanguage } from './replies/report-schedules';

/**
 * The mail of a scheduled report, in the schedule's language: the subject names the report and the
 * period; the body gives the totals (the report's totals row, as the attached file's last row) and a
 * line when the data is provisional (inside the platforms' restatement window) or a connector
 * feeding it is unhealthy; outside recipients get an unsubscribe link.
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

const WORDS = {
  en: {
    dir: 'ltr',
    locale: 'en-US',
    subject: (f: ReportMailFacts) =>
      `Mixdesk scheduled report: "${quotedName(f.name)}", ${dayText(f.from, 'en-US')} – ${dayText(f.to, 'en-US')}`,
    intro: (f: ReportMailFacts) =>
      `Your scheduled report "${quotedName(f.name)}" for ${dayText(f.from, 'en-US')} – ${dayText(f.to, 'en-US')} is attached as an Excel file.`,
    totals: 'Totals',
    labels: {
      Spend: 'Spend',
      Impressions: 'Impressions',
      Clicks: 'Clicks',
      Conversions: 'Conversions',
      ConversionValue: 'Conversion value',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    empty: 'No actuals were recorded in this period.',
    truncated: 'The report covers the first activities only (more were in scope than one report reads).',
    provisional:
      'Some of these days are still provisional: the advertising platforms may restate them, so the figures can still change.',
    unhealthy: (names: string) => `Data may be incomplete: these connectors are not healthy: ${names}.`,
    unsubscribe: 'Stop receiving this report',
  },
  he: {
    dir: 'rtl',
    locale: 'he-IL',
    subject: (f: ReportMailFacts) =>
      `דוח מתוזמן של Mixdesk: "${quotedName(f.name)}", ${dayText(f.from, 'he-IL')} – ${dayText(f.to, 'he-IL')}`,
    intro: (f: ReportMailFacts) =>
      `הדוח המתוזמן "${quotedName(f.name)}" לתקופה ${dayText(f.from, 'he-IL')} – ${dayText(f.to, 'he-IL')} מצורף כקובץ Excel.`,
    totals: 'סיכום',
    labels: {
      Spend: 'הוצאה',
      Impressions: 'חשיפות',
      Clicks: 'הקלקות',
      Conversions: 'המרות',
      ConversionValue: 'ערך המרות',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    empty: 'לא נרשמו נתוני ביצוע בתקופה זו.',
    truncated: 'הדוח כולל את הפעילויות הראשונות בלבד (היו יותר פעילויות ממה שדוח אחד קורא).',
    provisional: 'חלק מהימים עדיין זמניים: פלטפורמות הפרסום עשויות לעדכן אותם, כך שהנתונים עוד עשויים להשתנות.',
    unhealthy: (names: string) => `ייתכן שהנתונים חסרים: המחברים הבאים אינם תקינים: ${names}.`,
    unsubscribe: 'הפסקת קבלת הדוח',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The totals lines: label and shown value (money and ratios with 2 decimals, counts without). */
export function totalsLines(f: ReportMailFacts, lang: ScheduleLanguage): [string, string][] {
  const w = WORDS[lang];
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
    [w.labels.Ctr, `${n(t.Ctr, 2)}%`],
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
): Mail {
  const w = WORDS[lang];
  const notes = [
    ...(f.rows === 0 ? [w.empty] : []),
    ...(f.truncated ? [w.truncated] : []),
    ...(f.provisional ? [w.provisional] : []),
    ...(f.unhealthyConnectors.length ? [w.unhealthy(f.unhealthyConnectors.join(', '))] : []),
  ];
  const lines = totalsLines(f, lang);
  const text = [
    w.intro(f),
    '',
    `${w.totals}:`,
    ...lines.map(([k, v]) => `${k}: ${v}`),
    ...(notes.length ? ['', ...notes] : []),
    ...(unsubscribeUrl ? ['', `${w.unsubscribe}: ${unsubscribeUrl}`] : []),
  ].join('\n');
  const html =
    `<div dir="${w.dir}" lang="${lang}"><p>${escapeHtml(w.intro(f))}</p>` +
    `<table><caption>${escapeHtml(w.totals)}</caption>${lines.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td dir="ltr">${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    notes.map((s) => `<p><b>${escapeHtml(s)}</b></p>`).join('') +
    (unsubscribeUrl ? `<p><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(w.unsubscribe)}</a></p>` : '') +
    '</div>';
  return { to, subject: w.subject(f), text, html, attachments: [attachment] };
}

/**
 * The mail that asks an outside address to confirm, once per company, that it wants scheduled
 * reports: Mixdesk's own words only (no name, no text a user typed), and the link.
 */
const CONFIRM_WORDS = {
  en: {
    subject: 'Mixdesk: confirm that you want to receive scheduled reports',
    text: 'An agency using Mixdesk wants to send scheduled reports to this address. They will only come once you confirm here:',
    ignore: 'If you did not expect this, ignore this mail: nothing will be sent to you.',
    button: 'Confirm',
  },
  he: {
    subject: 'Mixdesk: אישור קבלת דוחות מתוזמנים',
    text: 'סוכנות שעובדת עם Mixdesk מבקשת לשלוח דוחות מתוזמנים לכתובת הזו. הם יישלחו רק אחרי אישור כאן:',
    ignore: 'אם לא ציפית להודעה הזו, אפשר להתעלם ממנה: לא יישלח אליך דבר.',
    button: 'אישור',
  },
} as const;

export function confirmationMail(lang: ScheduleLanguage, to: string, link: string): Mail {
  const w = CONFIRM_WORDS[lang];
  const dir = WORDS[lang].dir;
  return {
    to,
    subject: w.subject,
    text: `${w.text}\n${link}\n\n${w.ignore}`,
    html: `<div dir="${dir}" lang="${lang}"><p>${escapeHtml(w.text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p><p>${escapeHtml(w.ignore)}</p></div>`,
    attachments: [],
  };
}

/** The confirmation page's sentences (GET shows the button, its POST confirms). */
export const CONFIRM_PAGE = {
  en: {
    title: 'Confirm',
    ask: (address: string) => `Receive scheduled reports from Mixdesk at ${address}?`,
    button: 'Confirm',
    done: (address: string) => `${address} is confirmed: it will receive the scheduled reports sent to it.`,
    invalid: 'This confirmation link is not valid.',
  },
  he: {
    title: 'אישור',
    ask: (address: string) => `לקבל דוחות מתוזמנים מ-Mixdesk בכתובת ${address}?`,
    button: 'אישור',
    done: (address: string) => `הכתובת ${address} אושרה: הדוחות המתוזמנים שיישלחו אליה יגיעו.`,
    invalid: 'קישור האישור הזה אינו תקין.',
  },
} as const;

/** The unsubscribe page's sentences. */
export const UNSUBSCRIBE_PAGE = {
  en: {
    title: 'Unsubscribed',
    done: (address: string, name: string) => `${address} will no longer receive the scheduled report "${name}".`,
    invalid: 'This unsubscribe link is not valid.',
    gone: 'This scheduled report no longer exists.',
  },
  he: {
    title: 'הוסרת מרשימת התפוצה',
    done: (address: string, name: string) => `${address} לא יקבל/תקבל עוד את הדוח המתוזמן "${name}".`,
    invalid: 'קישור הסרה זה אינו תקין.',
    gone: 'הדוח המתוזמן הזה כבר אינו קיים.',
  },
} as const;
