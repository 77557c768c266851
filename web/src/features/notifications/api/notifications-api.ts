import type {
  MarkReadReport,
  NotificationKind,
  NotificationsPage,
  NotificationView,
} from '@server/shared/replies/notifications';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type { MarkReadReport, NotificationKind, NotificationsPage, NotificationView };

/** The bell lists the latest notifications; older ones are kept (90 days) but not paged through here. */
export const BELL_PAGE_SIZE = 20;
/** How often the bell asks again while the console is open (and whenever the window regains focus). */
export const BELL_REFRESH_MS = 60_000;

const input = { pageSize: BELL_PAGE_SIZE };

/** GetNotifications through the query cache (no account: a user's own notifications). */
export const notificationsQuery = () => ({
  ...apiQuery(queryKeyOf('NotificationsService', 'GetNotifications', input), (signal) =>
    callApi('NotificationsService', 'GetNotifications', input, { signal }),
  ),
  refetchInterval: BELL_REFRESH_MS,
  refetchOnWindowFocus: true,
});

export function markRead(ids: string[]) {
  return callApi('NotificationsService', 'MarkNotificationsRead', { ids });
}

export function markAllRead() {
  return callApi('NotificationsService', 'MarkNotificationsRead', { all: true });
}

/**
 * Where a notification opens: the order's screen for an order kind, the activity's performance for
 * a pacing kind, else the plan editor of its version (the version selected).
 */
export const planPathOf = (
  n: Pick<NotificationView, 'Kind' | 'AccountId' | 'ActivityId' | 'MediaMixId' | 'OrderId'>,
) =>
  n.OrderId !== undefined
    ? `/orders/${n.AccountId}/${n.OrderId}/detail`
    : n.Kind === 'pacingUnder' || n.Kind === 'pacingOver'
      ? `/accounts/${n.AccountId}/activities/${n.ActivityId}/mediaMix/${n.MediaMixId}/stats`
      : `/accounts/${n.AccountId}/activities/${n.ActivityId}/mediaMix/list?version=${n.MediaMixId}`;
