/**
 * Replies of NotificationsService: the signed-in user's own notifications of plan approval events
 * (docs/notifications.md). Plain TypeScript shared with the console.
 */

/** What happened to a plan version. */
export type NotificationKind =
  | 'submitted'
  | 'approved'
  | 'rejected'
  | 'signedOff'
  | 'declined'
  /** The vendor answered an insertion order sent to it (docs/buy-side.md "Sending and acceptance"). */
  | 'orderAccepted'
  | 'orderRejected'
  /** A live activity the user owns or approved paces outside their digest thresholds (docs/notifications.md "Pacing digest"); Reason holds the %. */
  | 'pacingUnder'
  | 'pacingOver';

/** One notification: who did what to which plan version, and when. */
export interface NotificationView {
  /** Opaque id (send it back to MarkNotificationsRead). */
  Id: string;
  Kind: NotificationKind;
  /** The version's main account, and the activity whose plan it is (names as they were then). */
  AccountId: number;
  AccountName: string;
  ActivityId: number;
  ActivityName: string;
  MediaMixId: number;
  Version: number;
  /** The order, on the order kinds (their plan version is MediaMixId); absent on plan kinds. */
  OrderId?: number;
  /** The person who acted, by name (their email only when no profile names them). */
  ActorName: string;
  /** The approver's reason (rejected) or the client's comment (declined); else null. */
  Reason: string | null;
  CreatedAt: string;
  Read: boolean;
}

/** GetNotifications: newest first, one page, with the caller's unread count (at most UNREAD_COUNT_CAP). */
export interface NotificationsPage {
  Items: NotificationView[];
  NextToken: string | null;
  /** Unread notifications, counted up to UNREAD_COUNT_CAP; the console shows "99+" at the cap. */
  UnreadCount: number;
}

/** The unread count stops here: the badge shows `99+`. */
export const UNREAD_COUNT_CAP = 100;

/** MarkNotificationsRead: how many changed from unread to read, and what is unread now. */
export interface MarkReadReport {
  Marked: number;
  UnreadCount: number;
}
