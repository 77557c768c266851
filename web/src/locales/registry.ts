import type { Locale } from '../lib/i18n';

type Catalogue = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Every catalogue file of a locale, by file name (without `.json`), merged deep into the locale's
 * one i18next bundle when the locale is first used. A business area keeps its strings in
 * `<area>.<locale>.json` beside the shell's `<locale>.json`, so two areas never edit the same file:
 * add a line per file here (the imports stay static so Vite splits each into its own chunk).
 */
export const CATALOGUES: Record<Locale, Record<string, Catalogue>> = {
  he: { he: () => import('./he.json') },
  en: { en: () => import('./en.json') },
  fr: { fr: () => import('./fr.json') },
  ro: { ro: () => import('./ro.json') },
  zh: { zh: () => import('./zh.json') },
};
