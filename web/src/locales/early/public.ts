import type { Locale } from '../../lib/locale';
import type { Catalogue } from '../registry';

/**
 * The public pages' texts (landing, info and status pages); the footer's statement titles stay in the shell.
 * A module of its own (areas.ts lists it too), so the screens that load it first do not also
 * download every area's table of files.
 */
export const PUBLIC_FILES = {
  he: () => import('../public.he.json'),
  en: () => import('../public.en.json'),
  fr: () => import('../public.fr.json'),
  ro: () => import('../public.ro.json'),
  zh: () => import('../public.zh.json'),
} satisfies Record<Locale, Catalogue>;
