import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** Connectors and campaigns: global connectors, a company's connections, an account's links, the campaigns and their mapping. */
export const connectors: Feature = {
  id: 'connectors',
  routes: [
    {
      path: '/globalSettings/connectors/list',
      screen: () => import('./routes').then((m) => m.GlobalConnectorsRoute),
      access: ACCESS.systemAdmin,
      menu: { id: 'globalConnectors', group: 'globalSettings', order: 20, icon: 'HubOutlined' },
    },
    {
      path: '/agentSettings/connectors/list',
      screen: () => import('./routes').then((m) => m.AgentConnectorsRoute),
      access: ACCESS.generalSettings,
      menu: { id: 'agentConnectors', group: 'settings', order: 20, icon: 'CableOutlined' },
    },
    {
      path: '/campaigns/list',
      screen: () => import('./routes').then((m) => m.CampaignsRoute),
      access: ACCESS.staff,
      title: 'titles.campaigns',
      menu: { id: 'campaigns', group: 'campaignManagement', order: 45, icon: 'TableChartOutlined' },
      openedFrom: ['/systemMonitoring'],
    },
    {
      path: '/accounts/:accountId/connectors/list',
      screen: () => import('./routes').then((m) => m.AccountConnectorsRoute),
      access: ACCESS.staff,
      title: 'titles.connectors',
      openedFrom: ['/accounts/list'],
    },
  ],
  breadcrumbs: { connectors: 'titles.connectors' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
