import { OrderScreen } from './components/order-screen';
import { OrdersListScreen } from './components/orders-list-screen';
import { PlanOrdersScreen } from './components/plan-orders-screen';
import { areaCatalogues } from '../../locales/areas';

/** /orders/list */
export function OrdersListRoute() {
  return <OrdersListScreen />;
}

/** /orders/:accountId/:mediaMixId/plan */
export function PlanOrdersRoute() {
  return <PlanOrdersScreen />;
}

/** /orders/:accountId/:orderId/detail */
export function OrderRoute() {
  return <OrderScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('orders');
