import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** The company's custom plan columns and their formulas (GeneralSettings). */
export const customColumns: Feature = {
  id: 'custom-columns',
  routes: [
    {
      path: '/customColumns/list',
      screen: () => import('./routes').then((m) => m.CustomColumnsRoute),
      access: ACCESS.generalSettings,
      menu: { id: 'customColumns', group: 'settings', order: 30, icon: 'TableChartOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
