import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * The flowchart of a plan version, or of an order (agency staff, from the order screen): lines as
 * bars across months or weeks, with its Excel file and PDF.
 */
export const flowchart: Feature = {
  id: 'flowchart',
  routes: [
    {
      path: '/accounts/:accountId/activities/:activityId/mediaMix/:mediaMixId/flowchart',
      openedFrom: ['/accounts/:accountId/activities/:activityId/mediaMix/list'],
      screen: () => import('./routes').then((m) => m.FlowchartRoute),
    },
    {
      path: '/orders/:accountId/:orderId/flowchart',
      openedFrom: ['/orders/:accountId/:orderId/detail'],
      access: ACCESS.staff,
      title: 'flowchart.title',
      screen: () => import('./routes').then((m) => m.OrderFlowchartRoute),
    },
  ],
  breadcrumbs: { flowchart: 'flowchart.title' },
  // The media plan's strings hold the flowchart's (routes.tsx).
  catalogues: () => import('../../locales/areas').then((m) => m.areaCatalogues('media-plan')),
};
