/**
 * Console languages: a company's DefaultLocale is one of these. Here rather than in
 * modules/configurations/schemas.ts: the handler kit reads the company configuration on every call
 * (kit/mfa.ts → modules/configurations/configurations.ts), and importing the schema module for this list built the
 * configuration's schemas in every function's cold init.
 */
export const LOCALES = ['he', 'en', 'fr', 'ro', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

/** The BCP 47 tag Intl formats a locale's dates and numbers with (the console's lib/format.ts uses the same). */
export const INTL_TAGS: Readonly<Record<Locale, string>> = {
  he: 'he-IL',
  en: 'en-US',
  fr: 'fr-FR',
  ro: 'ro-RO',
  zh: 'zh-CN',
};

/** The direction of a locale's text: Hebrew is written right to left. */
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'he' ? 'rtl' : 'ltr');

/** Whether a stored or sent value names one of the locales. */
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
