import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * Dashboards: the manager dashboard (ManagementReports; /dashboard/managerDashboard
 * and the menu's /dashboard/managerdashboard: paths match case-insensitively), the planner's home and /analytics,
 * which opens Reports.
 */
export const dashboard: Feature = {
  id: 'dashboard',
  routes: [
    {
      // The menu's spelling; /dashboard/managerDashboard matches it too.
      path: '/dashboard/managerdashboard',
      screen: () => import('./routes').then((m) => m.ManagerDashboardRoute),
      access: ACCESS.managerDashboard,
      menu: { id: 'managerDashboard', group: 'campaignManagement', order: 10, icon: 'DashboardOutlined' },
    },
    {
      path: '/dashboard/default',
      screen: () => import('./routes').then((m) => m.PlannerHomeRoute),
      access: ACCESS.staff,
      title: 'titles.dashboard',
      // Staff's own live activities: a planner's home (lib/auth homePathFor), in every staff menu.
      menu: { id: 'plannerHome', group: 'campaignManagement', order: 5, icon: 'DashboardOutlined' },
    },
    {
      path: '/analytics',
      screen: () => import('./routes').then((m) => m.AnalyticsRoute),
      title: 'titles.analytics',
      redirect: true,
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
