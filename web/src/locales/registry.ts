import type { Locale } from '../lib/locale';

export type Catalogue = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The catalogue files of each locale, by file name (without `.json`), merged deep into the locale's
 * one i18next bundle when the locale is first used (lib/i18n.ts).
 *
 * Here: the shell's strings, loaded at start-up (the imports stay static so Vite splits each file
 * into its own chunk). A feature keeps its strings in `<name>.<locale>.json` and names them in its
 * index.ts (Feature.catalogues, from locales/areas.ts); app/feature-strings.ts registers them here
 * when the feature's first route loads, so the sign-in route and /accounts/list do not carry them and
 * a locale chosen later loads them too.
 */
export const CATALOGUES: Record<Locale, Record<string, Catalogue>> = {
  he: { he: () => import('./he.json') },
  en: { en: () => import('./en.json') },
  fr: { fr: () => import('./fr.json') },
  ro: { ro: () => import('./ro.json') },
  zh: { zh: () => import('./zh.json') },
};

/**
 * The messages of the API's error codes, their reasons and Cognito's errors (apiErrors.*), by locale:
 * loaded on the first error rather than at start-up (~5 kB gzip off the sign-in route and every
 * screen), by lib/i18n.ts loadErrorCatalogue — which the API client awaits before it throws, the
 * sign-in forms before they show an error, and route forms when they open.
 */
export const ERROR_CATALOGUES: Record<Locale, Catalogue> = {
  he: () => import('./apiErrors.he.json'),
  en: () => import('./apiErrors.en.json'),
  fr: () => import('./apiErrors.fr.json'),
  ro: () => import('./apiErrors.ro.json'),
  zh: () => import('./apiErrors.zh.json'),
};

/** A feature's catalogue of a locale joins what that locale loads (app/feature-strings.ts). */
export function registerCatalogue(locale: Locale, name: string, load: Catalogue): void {
  CATALOGUES[locale][name] = load;
}
