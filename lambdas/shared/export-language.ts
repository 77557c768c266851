/**
 * The languages an exported file (ExportMediaMix) is written in. Hebrew for the agency's Israeli
 * clients, English for everyone else: the console's other locales (fr, ro, zh) export in English
 * until the server has their labels (shared/export-labels.ts). SDK-free: the schema and the console
 * share it.
 */
export const EXPORT_LANGUAGES = ['he', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** What a caller that names no language gets: the user profile has no language of its own yet. */
export const DEFAULT_EXPORT_LANGUAGE: ExportLanguage = 'en';

/** The export language of a console locale: its own when the server has labels for it, else English. */
export const exportLanguageOf = (locale: string): ExportLanguage =>
  (EXPORT_LANGUAGES as readonly string[]).includes(locale) ? (locale as ExportLanguage) : DEFAULT_EXPORT_LANGUAGE;
