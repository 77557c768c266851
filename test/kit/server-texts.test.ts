import { LOCALES, type Locale } from '../../lambdas/shared/locales';
import { EXPORT_LABELS } from '../../lambdas/shared/export-labels';
import { LINE_FIGURE_LABELS, LINE_TABLE_LABELS } from '../../lambdas/shared/export-columns';
import { MAIL_WORDS } from '../../lambdas/shared/notification-mail-text';
import type { NotificationKind } from '../../lambdas/shared/replies/notifications';
import { BILLING_LABELS } from '../../lambdas/modules/billing/export-labels';
import { REPORT_SHEET_HEADERS } from '../../lambdas/modules/reports/schedule-sheet';
import { CONFIRM_MAIL_WORDS, REPORT_MAIL_WORDS } from '../../lambdas/modules/reports/schedule-mail-words';
import { CONFIRM_PAGE, UNSUBSCRIBE_PAGE } from '../../lambdas/modules/reports/recipient-page-words';
import { ANALYSIS_WORDS } from '../../lambdas/modules/ai-analysis/deterministic-words';
import { systemPrompt } from '../../lambdas/modules/ai-analysis/analyst';
import { POOL_MAIL_WORDS } from '../../lambdas/modules/users/user-pool-mail-words';
import { IO_LABELS } from '../../lambdas/modules/orders/io-document/labels';
import { SEND_WORDS } from '../../lambdas/modules/orders/send-words';
import { FLOWCHART_LABELS } from '../../lambdas/modules/flowchart-documents/labels';

/**
 * Every text the server writes — files, mails, pages, the AI analysis — exists in each of the five
 * languages, is not empty, and carries what the English one carries: each `{{placeholder}}` of a
 * template, and each argument of a function (called with numbered markers, which every language's
 * text must show). Romanian is written with ș and ț (comma below), Chinese in simplified characters.
 */
const KINDS: readonly NotificationKind[] = [
  'submitted',
  'approved',
  'rejected',
  'signedOff',
  'declined',
  'orderAccepted',
  'orderRejected',
];

/** The texts a value holds, by path: strings as they are, functions called with numbered markers. */
function leaves(value: unknown, path: string, out: Map<string, string>): void {
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    // Numbers under 1000, so every notation writes them the same ("101", not "1 001").
    const args = Array.from({ length: fn.length }, (_, i) => String(101 + i * 101));
    leaves(fn(...args), `${path}()`, out);
  } else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  else if (typeof value !== 'boolean') out.set(path, String(value)); // a flag is no text; undefined fails below
}

/** The notification mails' functions take a kind and the facts: each kind, with markers for facts. */
function mailTexts(lang: Locale): Map<string, string> {
  const w = MAIL_WORDS[lang];
  const facts = { actor: 'A101', version: 202, activity: 'C303', account: 'D404', reason: null };
  const out = new Map<string, string>();
  leaves({ ...w, subject: undefined, sentence: undefined, reasonLabel: undefined }, '', out);
  for (const k of KINDS) {
    out.set(`subject.${k}`, w.subject(k, facts));
    out.set(`sentence.${k}`, w.sentence(k, facts));
    out.set(`reasonLabel.${k}`, w.reasonLabel(k));
  }
  for (const k of ['subject', 'sentence', 'reasonLabel']) out.delete(k);
  return out;
}

const TABLES: Record<string, (lang: Locale) => Map<string, string>> = {
  'plan export (shared/export-labels.ts)': (l) => collect(EXPORT_LABELS[l]),
  'line table (shared/export-columns.ts)': (l) => collect([LINE_TABLE_LABELS[l], LINE_FIGURE_LABELS[l]]),
  // A month is a date, not a marker.
  'billing export (billing/export-labels.ts)': (l) =>
    collect({ ...BILLING_LABELS[l], monthText: BILLING_LABELS[l].monthText('2026-03') }),
  'scheduled report sheet (reports/schedule-sheet.ts)': (l) => collect(REPORT_SHEET_HEADERS[l]),
  'scheduled report mail (reports/schedule-mail-words.ts)': (l) =>
    collect([REPORT_MAIL_WORDS[l], CONFIRM_MAIL_WORDS[l]]),
  'outside recipient pages (reports/recipient-page-words.ts)': (l) => collect([CONFIRM_PAGE[l], UNSUBSCRIBE_PAGE[l]]),
  'notification mail (shared/notification-mail-text.ts)': mailTexts,
  'AI analysis (ai-analysis/deterministic-words.ts)': (l) => collect(ANALYSIS_WORDS[l]),
  'user pool mails (users/user-pool-mail-words.ts)': (l) => collect(POOL_MAIL_WORDS[l]),
  // Payment terms take the vendor's terms, not markers.
  'insertion order (orders/io-document/labels.ts)': (l) =>
    collect({
      ...IO_LABELS[l],
      terms: [IO_LABELS[l].terms({ Kind: 'net', Days: 101 }), IO_LABELS[l].terms({ Kind: 'eom_plus', Days: 202 })],
    }),
  'insertion order mail and page (orders/send-words.ts)': (l) => collect(SEND_WORDS[l]),
  'flowchart PDF (flowchart-documents/labels.ts)': (l) => collect(FLOWCHART_LABELS[l]),
};

function collect(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  leaves(value, '', out);
  return out;
}

const markersOf = (s: string) => new Set([...s.matchAll(/\{\{\w+\}\}|(?<!\d)[1-9]0[1-9](?!\d)/g)].map((m) => m[0]));
// Traditional forms of characters these texts use in their simplified form (计划报价点击转广预费设确认总据数种时间发无).
const TRADITIONAL = /[計劃報價點擊轉廣預費設確認總據數種時間發無為與個們這說對會來資]/;

describe.each(Object.entries(TABLES))('%s', (_name, textsOf) => {
  const en = textsOf('en');

  it('has a text in every language for every English one, none empty, with the same placeholders and arguments', () => {
    const problems: string[] = [];
    for (const lang of LOCALES) {
      const texts = textsOf(lang);
      expect([lang, [...texts.keys()].sort()]).toEqual([lang, [...en.keys()].sort()]);
      for (const [path, text] of texts) {
        if (!text.trim() || /undefined|NaN|\[object/.test(text)) problems.push(`${lang} ${path}: "${text}"`);
        const want = [...markersOf(en.get(path) ?? '')].sort();
        const got = [...markersOf(text)].sort();
        if (want.join() !== got.join())
          problems.push(`${lang} ${path}: has ${got.join(' ')}, English ${want.join(' ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes Romanian with ș and ț (comma below) and Chinese in simplified characters', () => {
    const cedilla = [...textsOf('ro')].filter(([, t]) => /[şţŞŢ]/.test(t));
    expect(cedilla).toEqual([]);
    expect([...textsOf('zh')].filter(([, t]) => TRADITIONAL.test(t))).toEqual([]);
  });
});

it('has exactly the five languages in every table', () => {
  for (const table of [
    EXPORT_LABELS,
    LINE_TABLE_LABELS,
    LINE_FIGURE_LABELS,
    BILLING_LABELS,
    REPORT_SHEET_HEADERS,
    REPORT_MAIL_WORDS,
    CONFIRM_MAIL_WORDS,
    CONFIRM_PAGE,
    UNSUBSCRIBE_PAGE,
    MAIL_WORDS,
    SEND_WORDS,
    ANALYSIS_WORDS,
    POOL_MAIL_WORDS,
    FLOWCHART_LABELS,
  ])
    expect(Object.keys(table).sort()).toEqual([...LOCALES].sort());
});

it("asks the model to answer in the analysis's language", () => {
  const names: Record<Locale, string> = {
    he: 'Hebrew',
    en: 'English',
    fr: 'French',
    ro: 'Romanian',
    zh: 'Simplified Chinese',
  };
  for (const lang of LOCALES) expect(systemPrompt(lang)).toContain(`Answer in ${names[lang]},`);
});
