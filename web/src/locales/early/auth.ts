import type { Locale } from '../../lib/locale';
import type { Catalogue } from '../registry';

/**
 * The sign-in screens' and the profile's strings (auth, profile, display settings): the auth feature's routes.
 * A module of its own (areas.ts lists it too), so the screens that load it first do not also
 * download every area's table of files.
 */
export const AUTH_FILES = {
  he: () => import('../auth.he.json'),
  en: () => import('../auth.en.json'),
  fr: () => import('../auth.fr.json'),
  ro: () => import('../auth.ro.json'),
  zh: () => import('../auth.zh.json'),
} satisfies Record<Locale, Catalogue>;
