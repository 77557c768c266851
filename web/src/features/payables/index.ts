import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * Vendor bills and payables (docs/vendor-bills.md): the bills by due date with their status,
 * filters, totals and exports; the missing bills; a bill's dialog (also opened from an order's
 * screen through ?account=&order=). Agency staff; approving and paying need MediaPlanApprover.
 */
export const payables: Feature = {
  id: 'payables',
  routes: [
    {
      path: '/payables/list',
      screen: () => import('./routes').then((m) => m.PayablesRoute),
      prefetch: () => import('./api/payables-queries').then((m) => m.prefetchPayables),
      access: ACCESS.staff,
      menu: { id: 'payables', group: 'campaignManagement', order: 29, icon: 'FactCheckOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
