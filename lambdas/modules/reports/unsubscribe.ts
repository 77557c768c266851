import { log } from '../../core/logger';
import { removeRecipient } from './schedule-store.dynamodb';
import { unsubscribeKey } from './unsubscribe-key-store.secrets-manager';
import { confirmRecipient } from './outside-recipient-store.dynamodb';
import { CONFIRM_PAGE, UNSUBSCRIBE_PAGE, type ConfirmPageWords } from './recipient-page-words';
import { directionOf, isLocale, type Locale } from '../../shared/locales';
import { readConfirmToken, readUnsubscribeToken } from './unsubscribe-token';

/**
 * `GET /unsubscribe?t=<token>`: the token's signature checked under the stage's key;
 * then the one address it names is removed from the one schedule it names (idempotent: a second
 * click finds it gone and says the same). Answers a small HTML page — in the schedule's language
 * when there is one; else in the link's page language and English (pageLanguages).
 */
export interface Page {
  status: number;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page: `lang` its main language (the html element's), `lines` each in its own language and direction. */
function page(lang: Locale, title: string, lines: { lang: Locale; text: string }[], form = ''): string {
  const body = lines
    .map((l) => `<p lang="${l.lang}" dir="${directionOf(l.lang)}">${escapeHtml(l.text)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>Mixdesk</h1>
${body}${form}
</body></html>`;
}

/**
 * The languages of a page that knows no schedule's (a link not valid, a schedule gone, the
 * confirmation of an address): the link's page language `l` (outside-recipients.ts withToken) then
 * English; without one, Hebrew then English, as the links of Hebrew and English schedules carry none.
 */
const pageLanguages = (hint: string | undefined): Locale[] =>
  isLocale(hint) && hint !== 'he' && hint !== 'en' ? [hint, 'en'] : ['he', 'en'];

/** The same sentence in each of the page's languages. */
const inEach = <W>(langs: readonly Locale[], words: Readonly<Record<Locale, W>>, pick: (w: W) => string) =>
  langs.map((lang) => ({ lang, text: pick(words[lang]) }));

export async function unsubscribePage(token: string | undefined, hint?: string): Promise<Page> {
  const langs = pageLanguages(hint);
  const claim = token ? readUnsubscribeToken(await unsubscribeKey(), token) : null;
  if (!claim) {
    log.warn('unsubscribe: a token that is not valid', { length: token?.length ?? 0 });
    return {
      status: 400,
      html: page(
        langs[0],
        'Mixdesk',
        inEach(langs, UNSUBSCRIBE_PAGE, (w) => w.invalid),
      ),
    };
  }
  const s = await removeRecipient(claim.companyId, claim.scheduleId, claim.address);
  if (!s || s.Archived)
    return {
      status: 404,
      html: page(
        langs[0],
        'Mixdesk',
        inEach(langs, UNSUBSCRIBE_PAGE, (w) => w.gone),
      ),
    };
  log.info('unsubscribe: an address removed from a scheduled report', {
    companyId: claim.companyId,
    scheduleId: claim.scheduleId,
  });
  const lang = isLocale(s.Language) ? s.Language : 'en';
  const w = UNSUBSCRIBE_PAGE[lang];
  return { status: 200, html: page(lang, w.title, [{ lang, text: w.done(claim.address, s.Name) }]) };
}

/**
 * `/confirm-recipient?t=<token>` (docs/reports.md "Outside recipients"): GET only ASKS (a page with a
 * button), its POST confirms — a mail scanner that follows links confirms nothing. The token's
 * signature names the company and the address; the page is in the link's page language and English
 * (Hebrew and English without one: pageLanguages).
 */
export async function confirmRecipientPage(
  token: string | undefined,
  method: 'GET' | 'POST',
  now = new Date(),
  hint?: string,
): Promise<Page> {
  const langs = pageLanguages(hint);
  const claim = token ? readConfirmToken(await unsubscribeKey(), token) : null;
  const answer = (status: number, pick: (w: ConfirmPageWords) => string, form = ''): Page => ({
    status,
    html: page(langs[0], 'Mixdesk', inEach(langs, CONFIRM_PAGE, pick), form),
  });
  if (!claim) {
    log.warn('confirm recipient: a token that is not valid', { length: token?.length ?? 0 });
    return answer(400, (w) => w.invalid);
  }
  if (method === 'GET') {
    const buttons = langs.map((l) => escapeHtml(CONFIRM_PAGE[l].button)).join(' / ');
    const again = langs[0] === 'he' ? '' : `&amp;l=${langs[0]}`;
    const form = `\n<form method="post" action="?t=${escapeHtml(encodeURIComponent(token!))}${again}"><button type="submit">${buttons}</button></form>`;
    return answer(200, (w) => w.ask(claim.address), form);
  }
  if (!(await confirmRecipient(claim.companyId, claim.address, now.toISOString()))) {
    return answer(404, (w) => w.invalid);
  }
  log.info('confirm recipient: an outside address confirmed', { companyId: claim.companyId });
  return answer(200, (w) => w.done(claim.address));
}
