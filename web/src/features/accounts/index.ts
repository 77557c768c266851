import type { Feature } from '../../lib/feature';

/** Main accounts and their sub-accounts: /accounts/list is the console's home screen. */
export const accounts: Feature = {
  id: 'accounts',
  routes: [
    {
      path: '/accounts/list',
      screen: () => import('./routes').then((m) => m.AccountsRoute),
      prefetch: () => import('./api/list-request').then((m) => m.prefetchAccounts),
      menu: { id: 'accounts', group: 'campaignManagement', order: 30, icon: 'AccountTreeOutlined' },
    },
    {
      path: '/accounts/:accountId/subAccounts/list',
      screen: () => import('./routes').then((m) => m.SubAccountsRoute),
      prefetch: () => import('./api/list-request').then((m) => m.prefetchAccounts),
      openedFrom: ['/accounts/list'],
    },
  ],
  breadcrumbs: { accounts: 'titles.accounts', subAccounts: 'titles.subAccounts' },
};
