import en from '../../locales/history.en.json';
import he from '../../locales/history.he.json';
import { i18n } from '../../lib/i18n';
import { registerCatalogue } from '../../locales/registry';

/**
 * The History drawer's strings (locales/history.{en,he}.json), shared by every screen that offers
 * it. Installed once, when a screen with a History button first loads: merged into the locales
 * already loaded and registered for a locale chosen later (as app/feature-strings.ts does for a
 * feature's catalogues). fr, ro and zh fall back to English.
 */
const FILES = [
  { locale: 'en', messages: en },
  { locale: 'he', messages: he },
] as const;
let installed = false;

function merge(): void {
  for (const { locale, messages } of FILES) {
    if (
      i18n.hasResourceBundle(locale, 'translation') &&
      !i18n.exists('history.open', { lng: locale, fallbackLng: [] })
    ) {
      i18n.addResourceBundle(locale, 'translation', messages, true, true);
    }
  }
}

export function installHistoryStrings(): void {
  if (installed) return;
  installed = true;
  for (const { locale, messages } of FILES)
    registerCatalogue(locale, `history.${locale}`, async () => ({ default: messages }));
  merge();
  i18n.on('languageChanged', merge);
}

/** The strings as a feature names them in its catalogues (Feature.catalogues), beside its own. */
export const HISTORY_CATALOGUES = { history: { he, en } };
