/** What other modules may use of notifications: nothing else of this folder. */
export type { NotificationDraft } from './store';
export { listCompanyUsers, markMailed, putNotificationOnce } from './store.dynamodb';
