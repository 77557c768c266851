/** What other modules may use of notifications: nothing else of this folder. */
export { listCompanyUsers, markMailed, putNotificationOnce, type NotificationDraft } from './store';
