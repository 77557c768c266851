import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** Plan vs actual: the activity performance page of one plan version. */
export const performance: Feature = {
  id: 'performance',
  routes: [
    {
      path: '/accounts/:accountId/activities/:activityId/mediaMix/:mediaMixId/stats',
      openedFrom: ['/accounts/:accountId/activities/list', '/performance/list', '/systemMonitoring'],
      screen: () => import('./routes').then((m) => m.ActivityPerformanceRoute),
      prefetch: () => import('./api/performance-prefetch').then((m) => m.prefetch),
      access: ACCESS.staff,
    },
  ],
  breadcrumbs: { stats: 'titles.activityPerformance' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
