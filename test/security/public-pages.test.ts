import { handler as confirmContact } from '../../lambdas/public/confirm-contact';
import { handler as orderAcceptance } from '../../lambdas/public/order-acceptance';
import { handler as digestUnsubscribe } from '../../lambdas/public/pacing-digest-unsubscribe';
import { handler as unsubscribe } from '../../lambdas/public/unsubscribe';

/**
 * The public pages (no account needed: the signed link is the authority) answer a forged link with
 * a page that no other site may frame, runs no script and is neither cached nor indexed. A framed
 * accept or confirm form could be clicked through a decoy page (clickjacking).
 */
const FORGED = 'not-a-token';
const pages = [
  ['unsubscribe', () => unsubscribe({ queryStringParameters: { t: FORGED } })],
  ['digest-unsubscribe', () => digestUnsubscribe({ queryStringParameters: { t: FORGED } })],
  [
    'confirm-contact',
    () => confirmContact({ queryStringParameters: { t: FORGED }, requestContext: { http: { method: 'GET' } } }),
  ],
  [
    'order-acceptance',
    () =>
      orderAcceptance({
        queryStringParameters: { t: FORGED },
        requestContext: { http: { method: 'GET', sourceIp: '203.0.113.7' } },
        body: null,
      }),
  ],
] as const;

it.each(pages)('%s refuses a forged link with a page nobody may frame', async (_name, open) => {
  const reply = await open();
  expect(reply.statusCode).toBe(400);
  const csp = reply.headers['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toMatch(/script-src/);
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(reply.headers['x-robots-tag']).toBe('noindex');
});
