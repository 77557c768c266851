import type { Locale } from '../../lib/locale';
import type { Catalogue } from '../registry';

/**
 * The notifications' strings: the signed-in app bar's bell loads them with every screen.
 * A module of its own (areas.ts lists it too), so the screens that load it first do not also
 * download every area's table of files.
 */
export const NOTIFICATIONS_FILES = {
  he: () => import('../notifications.he.json'),
  en: () => import('../notifications.en.json'),
  fr: () => import('../notifications.fr.json'),
  ro: () => import('../notifications.ro.json'),
  zh: () => import('../notifications.zh.json'),
} satisfies Record<Locale, Catalogue>;
