import { ACCESS, type Requirement } from '../lib/authorization';

/**
 * Business screens that are not built yet (SPEC §2 route table): each shows "coming soon" inside the
 * layout, behind its route guard. Paths match case-insensitively (the menu says /Users/list).
 */
export interface PlannedScreen {
  path: string;
  access: Requirement;
  titleKey: string;
}

export const PLANNED_SCREENS: PlannedScreen[] = [
  { path: 'dashboard/managerDashboard', access: ACCESS.managerDashboard, titleKey: 'menu.managerDashboard' },
  { path: 'dashboard/default', access: ACCESS.none, titleKey: 'titles.dashboard' },
  { path: 'analytics', access: ACCESS.none, titleKey: 'titles.analytics' },
  { path: 'systemMonitoring', access: ACCESS.operationalReports, titleKey: 'menu.systemMonitoring' },
  { path: 'ai_analytics', access: ACCESS.systemAdmin, titleKey: 'menu.aiAnalytics' },
  { path: 'performance/list', access: ACCESS.operationalReports, titleKey: 'menu.reports' },
  { path: 'campaigns/list', access: ACCESS.none, titleKey: 'titles.campaigns' },
  { path: 'agentSettings/connectors/list', access: ACCESS.generalSettings, titleKey: 'menu.agentConnectors' },
  { path: 'users/list', access: ACCESS.generalSettings, titleKey: 'menu.users' },
  { path: 'users/:id/maint', access: ACCESS.generalSettings, titleKey: 'titles.user' },
  { path: 'globalSettings/connectors/list', access: ACCESS.systemAdmin, titleKey: 'menu.globalConnectors' },
  { path: 'accounts/:accountId/groupTypePrompts/list', access: ACCESS.none, titleKey: 'titles.groupTypePrompts' },
  { path: 'accounts/:accountId/connectors/list', access: ACCESS.none, titleKey: 'titles.connectors' },
  { path: 'accounts/:accountId/activities/:activityId/mediaMix/:mediaMixId/stats', access: ACCESS.none, titleKey: 'titles.activityPerformance' },
];
