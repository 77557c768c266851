/**
 * The headers of the public pages (unsubscribe, contact confirmation, order acceptance): HTML that
 * is never cached or indexed, runs no script, posts only to itself and may not be framed by another
 * site (a framed accept or confirm form could be clicked through a decoy: clickjacking).
 */
export const pageHeaders = (images: 'none' | 'data' = 'none'): Record<string, string> => ({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': `default-src 'none'; style-src 'unsafe-inline';${images === 'data' ? ' img-src data:;' : ''} form-action 'self'; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
});
