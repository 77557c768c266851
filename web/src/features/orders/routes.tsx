import { useSearchParams } from 'react-router';
import { OrderScreen } from './components/order-screen';
import { OrdersListScreen } from './components/orders-list-screen';
import { PlanOrdersScreen } from './components/plan-orders-screen';
import { areaCatalogues } from '../../locales/areas';

/** /orders/list, or with ?account=&mix= (the plan editor's link) one plan version's orders. */
export function OrdersListRoute() {
  const [params] = useSearchParams();
  const accountId = Number(params.get('account'));
  const mediaMixId = Number(params.get('mix'));
  return accountId > 0 && mediaMixId > 0 ? (
    <PlanOrdersScreen accountId={accountId} mediaMixId={mediaMixId} />
  ) : (
    <OrdersListScreen />
  );
}

/** /orders/:accountId/:orderId/detail */
export function OrderRoute() {
  return <OrderScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('orders');
