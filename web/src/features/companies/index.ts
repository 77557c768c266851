import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** The platform's agencies (system administrators): the list with their counts, and a new agency with its first Admin. */
export const companies: Feature = {
  id: 'companies',
  routes: [
    {
      path: '/globalSettings/companies/list',
      screen: () => import('./routes').then((m) => m.CompaniesRoute),
      access: ACCESS.systemAdmin,
      menu: { id: 'companies', group: 'globalSettings', order: 5, icon: 'GroupOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
