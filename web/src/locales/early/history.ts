import type { Locale } from '../../lib/locale';
import type { Catalogue } from '../registry';

/**
 * The History drawer's strings: every list screen's History button names them (components/history).
 * A module of its own (areas.ts lists it too), so the screens that load it first do not also
 * download every area's table of files.
 */
export const HISTORY_FILES = {
  he: () => import('../history.he.json'),
  en: () => import('../history.en.json'),
  fr: () => import('../history.fr.json'),
  ro: () => import('../history.ro.json'),
  zh: () => import('../history.zh.json'),
} satisfies Record<Locale, Catalogue>;
