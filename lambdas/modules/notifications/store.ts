import type { NotificationKind, NotificationView } from '../../shared/replies/notifications';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { UserProfile } from '../tenancy';

/** A notification as stored: the view less `Read` (derived: no gsi2 entry), with its keys and expiry. */
export interface NotificationDraft {
  companyId: number;
  recipient: string;
  kind: NotificationKind;
  accountId: number;
  accountName: string;
  activityId: number;
  activityName: string;
  versionId: number;
  version: number;
  /** The header's version after the change: with `at` and the mix, what makes the event's id. */
  headerVersion: number;
  actorName: string;
  reason: string | null;
  /** The order of an order kind. */
  orderId?: number;
  at: string;
}

/** What a put found: a new notification, or the one a delivery before wrote (and whether its mail went). */
export interface PutOutcome {
  id: string;
  created: boolean;
  mailed: boolean;
}

export type MarkOutcome = 'marked' | 'alreadyRead' | 'missing';

/** What the notifications need of storage; store.dynamodb.ts implements it. */
export interface NotificationStore {
  /** Writes one notification once: a redelivered event finds it written (created false). */
  putNotificationOnce(n: NotificationDraft): Promise<PutOutcome>;
  /** Records that a notification's e-mail was accepted by SES. */
  markMailed(companyId: number, sub: string, id: string, messageId: string): Promise<void>;
  /** The user's notifications, newest first, one page. */
  listNotifications(
    companyId: number,
    sub: string,
    limit: number,
    nextToken: string | null | undefined,
    now?: Date,
  ): Promise<ListPage<NotificationView>>;
  /** Unread notifications, counted up to UNREAD_COUNT_CAP. */
  countUnread(companyId: number, sub: string, now?: Date): Promise<number>;
  /** The ids of the user's unread notifications, at most `limit`. */
  unreadIds(companyId: number, sub: string, limit?: number): Promise<string[]>;
  /** Marks one of the user's own notifications read. */
  markRead(companyId: number, sub: string, id: string): Promise<MarkOutcome>;
  /** Every profile of a company (the recipients of a plan event). */
  listCompanyUsers(companyId: number): Promise<UserProfile[]>;
}
