import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * The company's users (GeneralSettings): the list (/Users/list, as the menu spells it) with
 * invitations one by one or from a CSV, and a user's page (/users/:id/maint) with their
 * permissions, account access, status and credentials, and their change history.
 */
export const users: Feature = {
  id: 'users',
  routes: [
    {
      path: '/Users/list',
      screen: () => import('./routes').then((m) => m.UsersRoute),
      access: ACCESS.generalSettings,
      menu: { id: 'users', group: 'settings', order: 50, icon: 'GroupOutlined' },
    },
    {
      path: '/users/:id/maint',
      openedFrom: ['/Users/list'],
      screen: () => import('./routes').then((m) => m.UserRoute),
      access: ACCESS.generalSettings,
      title: 'titles.user',
      parent: '/Users/list',
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
