/**
 * Console languages: a company's DefaultLocale is one of these. Here rather than in
 * modules/configurations/schemas.ts: the handler kit reads the company configuration on every call
 * (kit/mfa.ts → modules/configurations/configurations.ts), and importing the schema module for this list built the
 * configuration's schemas in every function's cold init.
 */
export const LOCALES = ['he', 'en', 'fr', 'ro', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
