import type { Feature } from '../../lib/feature';

/** The media plan editor of an activity: versions, lines, totals, approval. */
export const mediaPlan: Feature = {
  id: 'media-plan',
  routes: [
    {
      path: '/accounts/:accountId/activities/:activityId/mediaMix/list',
      screen: () => import('./routes').then((m) => m.MediaPlanRoute),
      prefetch: () => import('./api/plan-queries').then((m) => m.prefetchPlan),
      openedFrom: ['/accounts/:accountId/activities/list'],
    },
  ],
  breadcrumbs: { mediaMix: 'titles.mediaPlan' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
