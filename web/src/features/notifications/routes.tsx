import { areaCatalogues } from '../../locales/areas';

export { NotificationBell } from './components/notification-bell';

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('notifications');
