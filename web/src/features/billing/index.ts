import { REQUIRES } from '@server/shared/policy';
import type { Feature } from '../../lib/feature';

/** Billable amounts: an account's monthly billable statement, reached by URL from the account. */
export const billing: Feature = {
  id: 'billing',
  routes: [
    {
      path: '/accounts/:accountId/billing',
      openedFrom: ['/accounts/list'],
      screen: () => import('./routes').then((m) => m.BillingRoute),
      access: REQUIRES.reports,
    },
  ],
  breadcrumbs: { billing: 'titles.billing' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
