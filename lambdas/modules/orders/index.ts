/** What other modules may use of orders: nothing else of this folder. */
export type { Order, OrderLine } from './store';
/** The public page of a sent order (lambdas/public/order-acceptance.ts). */
export { decideOrder, decisionInput, linkFile, openOrderLink } from './acceptance';
export { orderPage, pageFacts, refusalPage } from './order-page';
export { orderNumber } from './order-document';
export { ORDER_ACCEPT_PATH } from './send-link';
export { SEND_WORDS } from './send-words';
export { getOrder, listOrders } from './store.dynamodb';
export { factorOf as orderConversionFactor } from './order-amounts';
export { getOrderFor } from './orders';
export { ORDER_FILES_PREFIX } from './order-files.s3';
