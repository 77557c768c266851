import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** The agency's vendors (media owners and platforms): read by agency staff, written with GeneralSettings. */
export const vendors: Feature = {
  id: 'vendors',
  routes: [
    {
      path: '/vendors/list',
      screen: () => import('./routes').then((m) => m.VendorsRoute),
      access: ACCESS.staff,
      menu: { id: 'vendors', group: 'settings', order: 45, icon: 'HubOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
