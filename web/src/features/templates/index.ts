import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** Plan templates (GeneralSettings). A template's lines name channel types, so their strings come too. */
export const templates: Feature = {
  id: 'templates',
  routes: [
    {
      path: '/templates/list',
      screen: () => import('./routes').then((m) => m.TemplatesRoute),
      access: ACCESS.generalSettings,
      menu: { id: 'templates', group: 'settings', order: 40, icon: 'ViewQuiltOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
