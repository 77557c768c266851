import type { Feature } from '../../lib/feature';

/**
 * Notifications of plan approvals (docs/notifications.md): a bell in the app bar with
 * the unread count and a list; no screen of its own. Loaded after the layout, with its strings.
 */
export const notifications: Feature = {
  id: 'notifications',
  routes: [],
  appBar: () => import('./routes').then((m) => m.NotificationBell),
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
