import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES } from '../locales/registry';

/** Supported locales (SPEC §1). Each catalogue is its own chunk, loaded before the language is used. */
export const LOCALES = ['he', 'en', 'fr', 'ro', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'he';
/** Locales offered in the drawer and top-bar language menus (SPEC §2). */
export const MENU_LOCALES: readonly Locale[] = ['he', 'en'];

const RTL_LOCALES = new Set<string>(['he']);
export const isRtlLocale = (locale: string) => RTL_LOCALES.has(locale);
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: DEFAULT_LOCALE,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Sets `lang` and `dir` on <html> (Hebrew turns on right-to-left for the whole document). */
export function applyDocumentLocale(locale: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtlLocale(locale) ? 'rtl' : 'ltr';
}

/** Switches the language, loading a catalogue first when it is not in the bundle. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  // English is the fallback of the partial catalogues (fr, ro, zh).
  if (locale !== 'en' && locale !== 'he') await loadCatalogue('en');
  await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
}

/** Adds a locale's catalogue once (main.tsx awaits the first one before rendering). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const files = await Promise.all(Object.values(CATALOGUES[locale]).map((load) => load()));
  for (const mod of files) i18n.addResourceBundle(locale, 'translation', mod.default, true, true);
}
