import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** System monitoring: data health, sync runs and unmapped spend (OperationalReports; under Campaign management). */
export const monitoring: Feature = {
  id: 'monitoring',
  routes: [
    {
      path: '/systemMonitoring',
      screen: () => import('./routes').then((m) => m.MonitoringRoute),
      access: ACCESS.operationalReports,
      menu: { id: 'systemMonitoring', group: 'campaignManagement', order: 20, icon: 'MonitorHeartOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
