import notificationsEn from '../../locales/notifications.en.json';
import notificationsHe from '../../locales/notifications.he.json';

export { NotificationBell } from './components/notification-bell';

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { notifications: { he: notificationsHe, en: notificationsEn } };
