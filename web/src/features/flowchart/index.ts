import type { Feature } from '../../lib/feature';

/** The flowchart of a plan version: its lines as bars across months or weeks, and its Excel file. */
export const flowchart: Feature = {
  id: 'flowchart',
  routes: [
    {
      path: '/accounts/:accountId/activities/:activityId/mediaMix/:mediaMixId/flowchart',
      openedFrom: ['/accounts/:accountId/activities/:activityId/mediaMix/list'],
      screen: () => import('./routes').then((m) => m.FlowchartRoute),
    },
  ],
  breadcrumbs: { flowchart: 'flowchart.title' },
  // The media plan's strings hold the flowchart's (routes.tsx).
  catalogues: () => import('../../locales/areas').then((m) => m.areaCatalogues('media-plan')),
};
