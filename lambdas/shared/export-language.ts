import { isLocale, LOCALES, type Locale } from './locales';

/**
 * The languages the server writes its files and mails in (ExportMediaMix, ExportBillableStatement,
 * scheduled reports, notification mails, the AI analysis): every console locale, each with its own
 * texts in the typed tables beside the code that writes them. SDK-free: the schemas and the console
 * share it.
 */
export const EXPORT_LANGUAGES = LOCALES;
export type ExportLanguage = Locale;

/** What a caller that names no language gets: the user profile has no language of its own yet. */
export const DEFAULT_EXPORT_LANGUAGE: ExportLanguage = 'en';

/** The export language of a console locale: its own when it is one of the locales, else English. */
export const exportLanguageOf = (locale: string): ExportLanguage =>
  isLocale(locale) ? locale : DEFAULT_EXPORT_LANGUAGE;
