/** What other modules may use of orders: nothing else of this folder. */
export type { Order, OrderLine } from './store';
export { getOrder, listOrders } from './store.dynamodb';
export { factorOf as orderConversionFactor } from './order-amounts';
export { getOrderFor } from './orders';
