import { REQUIRES } from '@server/shared/policy';
import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** Reports: the performance report of the agency's activities (OperationalReports; under Campaign management). */
export const reports: Feature = {
  id: 'reports',
  routes: [
    {
      path: '/performance/list',
      screen: () => import('./routes').then((m) => m.ReportsRoute),
      access: ACCESS.operationalReports,
      menu: { id: 'reports', group: 'campaignManagement', order: 50, icon: 'AssessmentOutlined' },
    },
    {
      // Scheduled reports: linked from Reports, not a menu entry of its own.
      path: '/performance/schedules',
      openedFrom: ['/performance/list'],
      screen: () => import('./routes').then((m) => m.SchedulesRoute),
      access: ACCESS.operationalReports,
      title: 'titles.reportSchedules',
      parent: '/performance/list',
    },
    {
      // The gross margin of an account per month: linked from Reports and from the manager dashboard's tile.
      path: '/performance/margin',
      openedFrom: ['/performance/list', '/dashboard/managerdashboard'],
      screen: () => import('./routes').then((m) => m.MarginRoute),
      access: REQUIRES.managementStaff,
      title: 'titles.margin',
      parent: '/performance/list',
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
