import { log } from '../../core/logger';
import { removeRecipient } from './schedule-store.dynamodb';
import { unsubscribeKey } from './unsubscribe-key-store.secrets-manager';
import { confirmRecipient } from './outside-recipient-store.dynamodb';
import { CONFIRM_PAGE, UNSUBSCRIBE_PAGE } from './schedule-mail';
import { readConfirmToken, readUnsubscribeToken } from './unsubscribe-token';

/**
 * `GET /unsubscribe?t=<token>`: the token's signature checked under the stage's key;
 * then the one address it names is removed from the one schedule it names (idempotent: a second
 * click finds it gone and says the same). Answers a small HTML page — in the schedule's language
 * when there is one; in both languages when the link is not valid or the schedule is gone.
 */
export interface Page {
  status: number;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(
  lang: 'he' | 'en' | 'both',
  title: string,
  lines: { lang: 'he' | 'en'; text: string }[],
  form = '',
): string {
  const body = lines
    .map((l) => `<p lang="${l.lang}" dir="${l.lang === 'he' ? 'rtl' : 'ltr'}">${escapeHtml(l.text)}</p>`)
    .join('\n');
  const htmlLang = lang === 'both' ? 'he' : lang;
  return `<!doctype html>
<html lang="${htmlLang}" dir="${htmlLang === 'he' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>Mixdesk</h1>
${body}${form}
</body></html>`;
}

const both = (pick: (w: (typeof UNSUBSCRIBE_PAGE)['en'] | (typeof UNSUBSCRIBE_PAGE)['he']) => string) => [
  { lang: 'he' as const, text: pick(UNSUBSCRIBE_PAGE.he) },
  { lang: 'en' as const, text: pick(UNSUBSCRIBE_PAGE.en) },
];

export async function unsubscribePage(token: string | undefined): Promise<Page> {
  const claim = token ? readUnsubscribeToken(await unsubscribeKey(), token) : null;
  if (!claim) {
    log.warn('unsubscribe: a token that is not valid', { length: token?.length ?? 0 });
    return {
      status: 400,
      html: page(
        'both',
        'Mixdesk',
        both((w) => w.invalid),
      ),
    };
  }
  const s = await removeRecipient(claim.companyId, claim.scheduleId, claim.address);
  if (!s || s.Archived)
    return {
      status: 404,
      html: page(
        'both',
        'Mixdesk',
        both((w) => w.gone),
      ),
    };
  log.info('unsubscribe: an address removed from a scheduled report', {
    companyId: claim.companyId,
    scheduleId: claim.scheduleId,
  });
  const w = UNSUBSCRIBE_PAGE[s.Language];
  return { status: 200, html: page(s.Language, w.title, [{ lang: s.Language, text: w.done(claim.address, s.Name) }]) };
}

/**
 * `/confirm-recipient?t=<token>` (docs/reports.md "Outside recipients"): GET only ASKS (a page with a
 * button), its POST confirms — a mail scanner that follows links confirms nothing. The token's
 * signature names the company and the address; the page is in both languages (the address's
 * language is not known).
 */
export async function confirmRecipientPage(
  token: string | undefined,
  method: 'GET' | 'POST',
  now = new Date(),
): Promise<Page> {
  const claim = token ? readConfirmToken(await unsubscribeKey(), token) : null;
  if (!claim) {
    log.warn('confirm recipient: a token that is not valid', { length: token?.length ?? 0 });
    return {
      status: 400,
      html: page('both', 'Mixdesk', [
        { lang: 'he', text: CONFIRM_PAGE.he.invalid },
        { lang: 'en', text: CONFIRM_PAGE.en.invalid },
      ]),
    };
  }
  const lines = (pick: (w: (typeof CONFIRM_PAGE)['en'] | (typeof CONFIRM_PAGE)['he']) => string) => [
    { lang: 'he' as const, text: pick(CONFIRM_PAGE.he) },
    { lang: 'en' as const, text: pick(CONFIRM_PAGE.en) },
  ];
  if (method === 'GET') {
    const form = `\n<form method="post" action="?t=${escapeHtml(encodeURIComponent(token!))}"><button type="submit">${escapeHtml(CONFIRM_PAGE.he.button)} / ${escapeHtml(CONFIRM_PAGE.en.button)}</button></form>`;
    return {
      status: 200,
      html: page(
        'both',
        'Mixdesk',
        lines((w) => w.ask(claim.address)),
        form,
      ),
    };
  }
  if (!(await confirmRecipient(claim.companyId, claim.address, now.toISOString()))) {
    return {
      status: 404,
      html: page(
        'both',
        'Mixdesk',
        lines((w) => w.invalid),
      ),
    };
  }
  log.info('confirm recipient: an outside address confirmed', { companyId: claim.companyId });
  return {
    status: 200,
    html: page(
      'both',
      'Mixdesk',
      lines((w) => w.done(claim.address)),
    ),
  };
}
