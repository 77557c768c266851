/** What other modules may use of orders: nothing else of this folder. */
export type { Order, OrderLine } from './store';
export { getOrderFor } from './orders';
