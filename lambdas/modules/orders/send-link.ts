/** The signed link of a sent order (core/signed-link.ts): its purpose, how long it opens the order, its page's path. */
export const ORDER_LINK = 'io-accept';
export const LINK_DAYS = 14;
/** The public path of the link's page (lambdas/public/order-acceptance.ts; local/api-server.ts serves it too). */
export const ORDER_ACCEPT_PATH = '/order-acceptance';
