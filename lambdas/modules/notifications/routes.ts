import { getNotifications, markNotificationsRead } from './schemas';
import type { MarkReadReport, NotificationsPage } from '../../shared/replies/notifications';
import { replyOf, route } from '../../kit/route';

/**
 * NotificationsService: the bell. Any signed-in user, on their own notifications only
 * (keys from the caller's company and sub, never from input), so no account header.
 */
export const getNotificationsRoute = /* @__PURE__ */ route({
  service: 'NotificationsService',
  method: 'GetNotifications',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'none',
  input: getNotifications,
  reply: replyOf<NotificationsPage>,
  summary: "The caller's notifications of plan approvals, newest first, paginated, with the unread count (up to 100)",
});

export const markNotificationsReadRoute = /* @__PURE__ */ route({
  service: 'NotificationsService',
  method: 'MarkNotificationsRead',
  access: 'write',
  requires: 'signedIn',
  accountScope: 'none',
  input: markNotificationsRead,
  reply: replyOf<MarkReadReport>,
  summary: "Marks the caller's notifications read: the ids named (404 for one not theirs) or all",
});

export const NOTIFICATIONS_SERVICE_ROUTES = [getNotificationsRoute, markNotificationsReadRoute] as const;
