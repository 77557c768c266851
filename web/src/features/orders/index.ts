import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * Media orders per vendor (docs/buy-side.md): the company-wide list in the menu, which shows one
 * plan version's orders with "Generate orders" when the plan editor links to it (?account=&mix=),
 * and one order with its months, the plan's changes, approve and revoke. Agency staff.
 */
export const orders: Feature = {
  id: 'orders',
  routes: [
    {
      path: '/orders/list',
      screen: () => import('./routes').then((m) => m.OrdersListRoute),
      access: ACCESS.staff,
      menu: { id: 'orders', group: 'campaignManagement', order: 28, icon: 'ViewListOutlined' },
    },
    {
      path: '/orders/:accountId/:orderId/detail',
      screen: () => import('./routes').then((m) => m.OrderRoute),
      access: ACCESS.staff,
      title: 'orders.detail.title',
      openedFrom: ['/orders/list'],
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
