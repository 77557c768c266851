import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** Channel types: the global list (system administrators) and an account's copies with its fees. */
export const channelTypes: Feature = {
  id: 'channel-types',
  routes: [
    {
      path: '/accounts/:accountId/channelTypes/list',
      screen: () => import('./routes').then((m) => m.AccountChannelTypesRoute),
      openedFrom: ['/accounts/list'],
    },
    {
      path: '/globalSettings/channelTypes/list',
      screen: () => import('./routes').then((m) => m.GlobalChannelTypesRoute),
      access: ACCESS.systemAdmin,
      menu: { id: 'channelTypes', group: 'globalSettings', order: 10, icon: 'ViewListOutlined' },
    },
  ],
  breadcrumbs: { channelTypes: 'titles.channelTypes' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
