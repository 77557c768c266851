/** The signed link of a sent order (core/signed-link.ts): its purpose, how long it opens the order, its page's path. */
export const ORDER_LINK = 'io-accept';
export const LINK_DAYS = 14;
/** The public path of the link's page (lambdas/public/order-acceptance.ts; local/api-server.ts serves it too). */
export const ORDER_ACCEPT_PATH = '/order-acceptance';

/**
 * The page's Lambda, named like a route (`lambdas/public/order-acceptance.ts` by manifest.handlerFile),
 * outside the route manifest and without the JWT authorizer: the signed token is the authority.
 */
export const ORDER_ACCEPTANCE_HANDLER = {
  service: 'Public',
  method: 'OrderAcceptance',
  summary:
    "GET|POST /order-acceptance?t=<token>: a sent insertion order's page for the vendor's contact (shows it, downloads its PDF and Excel, records one acceptance or rejection)",
} as const;
