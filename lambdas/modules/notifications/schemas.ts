// Named imports, not the `z` namespace (see fields.ts).
import { array, maxLength, object, optional, string } from 'zod/mini';
import { bool, matches, nextToken, pageSize, rule } from '../../shared/schema-fields';

/**
 * A notification's id as GetNotifications answers it: `<epoch ms, 13 digits>-<mix id>-<header version>`
 * (modules/notifications/store.dynamodb.ts), so MarkNotificationsRead can name the item without a read.
 */
export const NOTIFICATION_ID = /^\d{13}-\d{10}-\d{10}$/;

export const notificationId = () => string().check(maxLength(40), matches(NOTIFICATION_ID, 'INVALID'));

export const getNotifications = object({
  pageSize: pageSize(),
  nextToken: nextToken(),
});

/** Mark the named notifications read, or every unread one (`all`). One of the two. */
export const markNotificationsRead = object({
  ids: optional(array(notificationId()).check(maxLength(100))),
  all: optional(bool()),
}).check(
  rule((v: { ids?: string[]; all?: boolean }) => v.all === true || (v.ids?.length ?? 0) > 0, 'IDS_OR_ALL', {}, ['ids']),
);
