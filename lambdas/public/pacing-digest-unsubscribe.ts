import { linkKey } from '../aws/link-key';
import { DIGEST_WORDS, unsubscribeDigest } from '../modules/pacing-digest';
import { directionOf } from '../shared/locales';
import { HTML_HEADERS } from './unsubscribe';

/**
 * `GET /digest-unsubscribe?t=<token>` (docs/notifications.md "Pacing digest"): without the JWT
 * authorizer — the signed link (core/signed-link.ts, purpose pacing-digest-off) is the authority and
 * names one company and one user, whose digest it turns off. Nothing of the request but the token
 * is read; the page is in the user's digest language.
 */
interface UnsubscribeEvent {
  queryStringParameters?: Record<string, string | undefined> | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const handler = async (
  event: UnsubscribeEvent,
): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> => {
  const raw = event.queryStringParameters?.t;
  const token = typeof raw === 'string' ? raw.slice(0, 1000) : undefined;
  const r = await unsubscribeDigest(await linkKey(), token);
  const w = DIGEST_WORDS[r.language];
  const dir = directionOf(r.language);
  const text = r.status === 200 ? w.done : w.invalid;
  const body = `<!doctype html>
<html lang="${r.language}" dir="${dir}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mixdesk</title>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>Mixdesk</h1>
<p>${escapeHtml(text)}</p>
</body></html>`;
  return { statusCode: r.status, headers: HTML_HEADERS, body };
};
