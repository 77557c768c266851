import type { Feature } from '../../lib/feature';

/** An account's activities (flights), the main account's and its sub-accounts'. */
export const activities: Feature = {
  id: 'activities',
  routes: [
    {
      path: '/accounts/:accountId/activities/list',
      screen: () => import('./routes').then((m) => m.ActivitiesRoute),
      openedFrom: ['/accounts/list'],
    },
    {
      path: '/accounts/:accountId/subAccounts/:subAccountId/activities/list',
      screen: () => import('./routes').then((m) => m.SubAccountActivitiesRoute),
      openedFrom: ['/accounts/:accountId/subAccounts/list'],
    },
  ],
  breadcrumbs: { activities: 'titles.activities' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
