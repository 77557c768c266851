import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * Media orders per vendor (docs/buy-side.md): the company-wide list in the menu, a plan version's
 * orders (reached from the plan editor of an approved version, where they are generated) and one
 * order with its months, the plan's changes, approve and revoke. Agency staff.
 */
export const orders: Feature = {
  id: 'orders',
  routes: [
    {
      path: '/orders/list',
      screen: () => import('./routes').then((m) => m.OrdersListRoute),
      access: ACCESS.staff,
      menu: { id: 'orders', group: 'campaignManagement', order: 28, icon: 'ReceiptLongOutlined' },
    },
    {
      path: '/orders/:accountId/:mediaMixId/plan',
      screen: () => import('./routes').then((m) => m.PlanOrdersRoute),
      access: ACCESS.staff,
      title: 'orders.plan.title',
      openedFrom: ['/accounts/:accountId/activities/:activityId/mediaMix/list'],
    },
    {
      path: '/orders/:accountId/:orderId/detail',
      screen: () => import('./routes').then((m) => m.OrderRoute),
      access: ACCESS.staff,
      title: 'orders.detail.title',
      parent: '/orders/list',
      openedFrom: ['/orders/list', '/orders/:accountId/:mediaMixId/plan'],
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
