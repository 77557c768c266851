import type { Locale } from '../lib/i18n';

type Catalogue = () => Promise<{ default: Record<string, unknown> }>;

/** A catalogue its lazy route loads itself (app/routes/app/route-strings.ts): nothing at start-up. */
const WITH_ITS_ROUTE: Catalogue = async () => ({ default: {} });

/**
 * Every catalogue file of a locale, by file name (without `.json`), merged deep into the locale's
 * one i18next bundle when the locale is first used. A business area keeps its strings in
 * `<area>.<locale>.json` beside the shell's `<locale>.json`, so two areas never edit the same file:
 * add a line per file here (the imports stay static so Vite splits each into its own chunk).
 */
export const CATALOGUES: Record<Locale, Record<string, Catalogue>> = {
  he: {
    he: () => import('./he.json'),
    // Error messages of the API's codes: any screen can fail, so they load with the shell's strings.
    'apiErrors.he': () => import('./apiErrors.he.json'),
    'activities.he': WITH_ITS_ROUTE,
    'channelTypes.he': WITH_ITS_ROUTE,
    'templates.he': WITH_ITS_ROUTE,
    'exchangeRates.he': WITH_ITS_ROUTE,
    'configurations.he': WITH_ITS_ROUTE,
    'customColumns.he': WITH_ITS_ROUTE,
    'media-plan.he': WITH_ITS_ROUTE,
  },
  en: {
    en: () => import('./en.json'),
    'apiErrors.en': () => import('./apiErrors.en.json'),
    'activities.en': WITH_ITS_ROUTE,
    'channelTypes.en': WITH_ITS_ROUTE,
    'templates.en': WITH_ITS_ROUTE,
    'exchangeRates.en': WITH_ITS_ROUTE,
    'configurations.en': WITH_ITS_ROUTE,
    'customColumns.en': WITH_ITS_ROUTE,
    'media-plan.en': WITH_ITS_ROUTE,
  },
  fr: { fr: () => import('./fr.json') },
  ro: { ro: () => import('./ro.json') },
  zh: { zh: () => import('./zh.json') },
};
