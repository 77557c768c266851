import type { output } from 'zod/mini';
import { NotFoundError } from '../../core/errors';
import { countUnread, listNotifications, markRead, unreadIds } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { getNotifications, markNotificationsRead } from './schemas';
import type { MarkReadReport, NotificationsPage } from '../../shared/replies/notifications';

/**
 * NotificationsService: the caller's OWN notifications (docs/notifications.md). Every key is built
 * from the caller's company and sub, never from input: an id names an item only under the caller.
 */
const DEFAULT_PAGE = 20;

export async function getNotificationsFor(
  caller: UserProfile,
  input: output<typeof getNotifications>,
): Promise<NotificationsPage> {
  const [page, unread] = await Promise.all([
    listNotifications(caller.companyId, caller.sub, input.pageSize ?? DEFAULT_PAGE, input.nextToken),
    countUnread(caller.companyId, caller.sub),
  ]);
  return { Items: page.items, NextToken: page.nextToken, UnreadCount: unread };
}

/**
 * Marks notifications read: the ids named (an id that is not one of the caller's answers 404 naming
 * it, after the others were marked), or every unread one (`all`). Marking a read one again is no error.
 */
export async function markNotificationsReadFor(
  caller: UserProfile,
  input: output<typeof markNotificationsRead>,
): Promise<MarkReadReport> {
  const ids = input.all ? await unreadIds(caller.companyId, caller.sub) : [...new Set(input.ids ?? [])];
  const outcomes = await Promise.all(ids.map((id) => markRead(caller.companyId, caller.sub, id)));
  const missing = ids.find((_, i) => outcomes[i] === 'missing');
  if (missing && !input.all)
    throw new NotFoundError(`Notification ${missing} was not found`, 'NOT_FOUND', {
      entity: 'Notification',
      id: missing,
    });
  return {
    Marked: outcomes.filter((o) => o === 'marked').length,
    UnreadCount: await countUnread(caller.companyId, caller.sub),
  };
}
