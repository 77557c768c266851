import type { Locale } from '../lib/locale';
import { AUTH_FILES } from './early/auth';
import { HISTORY_FILES } from './early/history';
import { NOTIFICATIONS_FILES } from './early/notifications';
import { PUBLIC_FILES } from './early/public';
import type { Catalogue } from './registry';

/**
 * Each area's strings (`<area>.<locale>.json`), one file a locale, each its own chunk: a screen loads
 * only the files of the languages in use (app/feature-strings.ts). Typed by locale, so an area without
 * one of the console's languages does not compile. The areas a screen needs before any feature's
 * chunk (early/: the History button's, the app bar's, the sign-in and public pages') are modules of
 * their own, so those screens do not download this table.
 */
export const AREA_CATALOGUES = {
  activities: {
    he: () => import('./activities.he.json'),
    en: () => import('./activities.en.json'),
    fr: () => import('./activities.fr.json'),
    ro: () => import('./activities.ro.json'),
    zh: () => import('./activities.zh.json'),
  },
  aiAnalytics: {
    he: () => import('./aiAnalytics.he.json'),
    en: () => import('./aiAnalytics.en.json'),
    fr: () => import('./aiAnalytics.fr.json'),
    ro: () => import('./aiAnalytics.ro.json'),
    zh: () => import('./aiAnalytics.zh.json'),
  },
  approvals: {
    he: () => import('./approvals.he.json'),
    en: () => import('./approvals.en.json'),
    fr: () => import('./approvals.fr.json'),
    ro: () => import('./approvals.ro.json'),
    zh: () => import('./approvals.zh.json'),
  },
  auth: AUTH_FILES,
  orders: {
    he: () => import('./orders.he.json'),
    en: () => import('./orders.en.json'),
    fr: () => import('./orders.fr.json'),
    ro: () => import('./orders.ro.json'),
    zh: () => import('./orders.zh.json'),
  },
  payables: {
    he: () => import('./payables.he.json'),
    en: () => import('./payables.en.json'),
    fr: () => import('./payables.fr.json'),
    ro: () => import('./payables.ro.json'),
    zh: () => import('./payables.zh.json'),
  },
  billing: {
    he: () => import('./billing.he.json'),
    en: () => import('./billing.en.json'),
    fr: () => import('./billing.fr.json'),
    ro: () => import('./billing.ro.json'),
    zh: () => import('./billing.zh.json'),
  },
  channelTypes: {
    he: () => import('./channelTypes.he.json'),
    en: () => import('./channelTypes.en.json'),
    fr: () => import('./channelTypes.fr.json'),
    ro: () => import('./channelTypes.ro.json'),
    zh: () => import('./channelTypes.zh.json'),
  },
  companies: {
    he: () => import('./companies.he.json'),
    en: () => import('./companies.en.json'),
    fr: () => import('./companies.fr.json'),
    ro: () => import('./companies.ro.json'),
    zh: () => import('./companies.zh.json'),
  },
  configurations: {
    he: () => import('./configurations.he.json'),
    en: () => import('./configurations.en.json'),
    fr: () => import('./configurations.fr.json'),
    ro: () => import('./configurations.ro.json'),
    zh: () => import('./configurations.zh.json'),
  },
  connectors: {
    he: () => import('./connectors.he.json'),
    en: () => import('./connectors.en.json'),
    fr: () => import('./connectors.fr.json'),
    ro: () => import('./connectors.ro.json'),
    zh: () => import('./connectors.zh.json'),
  },
  customColumns: {
    he: () => import('./customColumns.he.json'),
    en: () => import('./customColumns.en.json'),
    fr: () => import('./customColumns.fr.json'),
    ro: () => import('./customColumns.ro.json'),
    zh: () => import('./customColumns.zh.json'),
  },
  dashboard: {
    he: () => import('./dashboard.he.json'),
    en: () => import('./dashboard.en.json'),
    fr: () => import('./dashboard.fr.json'),
    ro: () => import('./dashboard.ro.json'),
    zh: () => import('./dashboard.zh.json'),
  },
  exchangeRates: {
    he: () => import('./exchangeRates.he.json'),
    en: () => import('./exchangeRates.en.json'),
    fr: () => import('./exchangeRates.fr.json'),
    ro: () => import('./exchangeRates.ro.json'),
    zh: () => import('./exchangeRates.zh.json'),
  },
  history: HISTORY_FILES,
  'media-plan': {
    he: () => import('./media-plan.he.json'),
    en: () => import('./media-plan.en.json'),
    fr: () => import('./media-plan.fr.json'),
    ro: () => import('./media-plan.ro.json'),
    zh: () => import('./media-plan.zh.json'),
  },
  monitoring: {
    he: () => import('./monitoring.he.json'),
    en: () => import('./monitoring.en.json'),
    fr: () => import('./monitoring.fr.json'),
    ro: () => import('./monitoring.ro.json'),
    zh: () => import('./monitoring.zh.json'),
  },
  notifications: NOTIFICATIONS_FILES,
  performance: {
    he: () => import('./performance.he.json'),
    en: () => import('./performance.en.json'),
    fr: () => import('./performance.fr.json'),
    ro: () => import('./performance.ro.json'),
    zh: () => import('./performance.zh.json'),
  },
  reports: {
    he: () => import('./reports.he.json'),
    en: () => import('./reports.en.json'),
    fr: () => import('./reports.fr.json'),
    ro: () => import('./reports.ro.json'),
    zh: () => import('./reports.zh.json'),
  },
  public: PUBLIC_FILES,
  // The public statements' long texts (the footer's links carry only their titles, in the shell's files).
  statements: {
    he: () => import('./statements.he.json'),
    en: () => import('./statements.en.json'),
    fr: () => import('./statements.fr.json'),
    ro: () => import('./statements.ro.json'),
    zh: () => import('./statements.zh.json'),
  },
  templates: {
    he: () => import('./templates.he.json'),
    en: () => import('./templates.en.json'),
    fr: () => import('./templates.fr.json'),
    ro: () => import('./templates.ro.json'),
    zh: () => import('./templates.zh.json'),
  },
  users: {
    he: () => import('./users.he.json'),
    en: () => import('./users.en.json'),
    fr: () => import('./users.fr.json'),
    ro: () => import('./users.ro.json'),
    zh: () => import('./users.zh.json'),
  },
} satisfies Record<string, Record<Locale, Catalogue>>;

export type Area = keyof typeof AREA_CATALOGUES;

/** The catalogues a feature names (Feature.catalogues): its areas' files in every language. */
export const areaCatalogues = (...names: Area[]): Record<string, Record<Locale, Catalogue>> =>
  Object.fromEntries(names.map((n) => [n, AREA_CATALOGUES[n]]));
