import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * AI analytics (system admins only): an activity's analysis whose every figure
 * is traced to a computed fact, and the account's analysis prompt per channel group.
 */
export const aiAnalytics: Feature = {
  id: 'ai-analytics',
  routes: [
    {
      path: '/ai_analytics',
      screen: () => import('./routes').then((m) => m.AiAnalyticsRoute),
      access: ACCESS.systemAdmin,
      menu: { id: 'aiAnalytics', group: 'campaignManagement', order: 40, icon: 'PsychologyOutlined' },
    },
    {
      path: '/accounts/:accountId/groupTypePrompts/list',
      openedFrom: ['/ai_analytics'],
      screen: () => import('./routes').then((m) => m.GroupPromptsRoute),
      access: ACCESS.systemAdmin,
    },
  ],
  breadcrumbs: { groupTypePrompts: 'titles.groupTypePrompts' },
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
