import { confirmContact, type ConfirmOutcome } from '../modules/vendors/contact-confirmation';
import { CONTACT_WORDS } from '../modules/vendors/contact-words';
import { getCompany } from '../modules/tenancy';
import { directionOf, isLocale, type Locale } from '../shared/locales';
import { HTML_HEADERS } from './unsubscribe';

/**
 * `GET|POST /confirm-contact?t=<token>` (docs/domain.md "Vendors"): a vendor contact confirms its
 * address. Without the JWT authorizer: the signed, expiring token (core/signed-link.ts) is the
 * authority and names one company, one vendor and one address. GET asks with a button, its POST
 * confirms. The page is in the company's language once the token names one; else Hebrew and English.
 */
interface ConfirmEvent {
  queryStringParameters?: Record<string, string | undefined> | null;
  requestContext?: { http?: { method?: string } };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS: Record<ConfirmOutcome, number> = { ask: 200, done: 200, invalid: 400, expired: 410, changed: 404 };

function html(langs: readonly Locale[], say: (lang: Locale) => string, form = ''): string {
  const lines = langs.map((l) => `<p lang="${l}" dir="${directionOf(l)}">${escapeHtml(say(l))}</p>`).join('\n');
  return `<!doctype html>
<html lang="${langs[0]}" dir="${directionOf(langs[0])}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mixdesk</title>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>Mixdesk</h1>
${lines}${form}
</body></html>`;
}

export const handler = async (
  event: ConfirmEvent,
): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> => {
  const raw = event.queryStringParameters?.t;
  const token = typeof raw === 'string' ? raw.slice(0, 1000) : undefined;
  const method = event.requestContext?.http?.method === 'POST' ? 'POST' : 'GET';
  const r = await confirmContact(token, method);
  const company = r.companyId ? await getCompany(r.companyId) : undefined;
  const langs: Locale[] = isLocale(company?.DefaultLocale) ? [company.DefaultLocale] : ['he', 'en'];
  const w = (l: Locale) => CONTACT_WORDS[l];
  const say: Record<ConfirmOutcome, (l: Locale) => string> = {
    ask: (l) => w(l).ask(r.address ?? '', r.vendor ?? ''),
    done: (l) => w(l).done(r.address ?? ''),
    invalid: (l) => w(l).invalid,
    expired: (l) => w(l).expired,
    changed: (l) => w(l).changed,
  };
  const form =
    r.outcome === 'ask'
      ? `\n<form method="post" action="?t=${escapeHtml(encodeURIComponent(token ?? ''))}"><button type="submit">${langs
          .map((l) => escapeHtml(w(l).button))
          .join(' / ')}</button></form>`
      : '';
  return { statusCode: STATUS[r.outcome], headers: HTML_HEADERS, body: html(langs, say[r.outcome], form) };
};
