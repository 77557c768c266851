import { LOCALES, type Locale } from '@server/shared/locales';

/**
 * The console's languages (the server's list: a company's default locale is one of them), apart from
 * i18n.ts so the catalogue registry can name them without importing the i18next set-up that loads it.
 */
export type { Locale };
export { LOCALES };
export const DEFAULT_LOCALE: Locale = 'he';
/** Locales offered in the drawer and top-bar language menus: all of them. */
export const MENU_LOCALES: readonly Locale[] = LOCALES;

/**
 * Each language in its own name, as language menus show it whatever the current language (the
 * menu item carries `lang`, so a screen reader reads "Français" in French). Not in the catalogues:
 * it is the same in every one of them.
 */
export const OWN_NAMES: Record<Locale, string> = {
  he: 'עברית',
  en: 'English',
  fr: 'Français',
  ro: 'Română',
  zh: '中文',
};

const RTL_LOCALES = new Set<string>(['he']);
export const isRtlLocale = (locale: string) => RTL_LOCALES.has(locale);
export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
