import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** The company's configuration values (GeneralSettings). */
export const configurations: Feature = {
  id: 'configurations',
  routes: [
    {
      path: '/agentSettings/configurations',
      screen: () => import('./routes').then((m) => m.ConfigurationsRoute),
      access: ACCESS.generalSettings,
      menu: { id: 'configurations', group: 'settings', order: 10, icon: 'TuneOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
