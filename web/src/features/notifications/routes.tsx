import { NOTIFICATIONS_FILES } from '../../locales/early/notifications';

export { NotificationBell } from './components/notification-bell';

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = { notifications: NOTIFICATIONS_FILES };
