import { LOCALES, type Locale } from '@server/shared/locales';

/**
 * The console's languages (the server's list: a company's default locale is one of them), apart from
 * i18n.ts so the catalogue registry can name them without importing the i18next set-up that loads it.
 */
export type { Locale };
export const DEFAULT_LOCALE: Locale = 'he';
/** Locales offered in the drawer and top-bar language menus. */
export const MENU_LOCALES: readonly Locale[] = ['he', 'en'];

const RTL_LOCALES = new Set<string>(['he']);
export const isRtlLocale = (locale: string) => RTL_LOCALES.has(locale);
export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
