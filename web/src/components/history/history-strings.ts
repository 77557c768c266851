import { i18n } from '../../lib/i18n';
import { LOCALES } from '../../lib/locale';
import { HISTORY_FILES } from '../../locales/early/history';
import { registerCatalogue } from '../../locales/registry';

/**
 * The History drawer's strings (locales/history.<locale>.json), shared by every screen that offers
 * it (the button's own word is in the shell's files). Installed when a drawer first opens: loaded
 * into the locales already loaded and registered for a locale chosen later (as
 * app/feature-strings.ts does for a feature's catalogues).
 */
let installed = false;

function merge(): Promise<unknown> {
  const loading = LOCALES.filter(
    (locale) =>
      i18n.hasResourceBundle(locale, 'translation') && !i18n.exists('history.title', { lng: locale, fallbackLng: [] }),
  ).map((locale) =>
    HISTORY_FILES[locale]().then((mod) => i18n.addResourceBundle(locale, 'translation', mod.default, true, true)),
  );
  return Promise.all(loading);
}

/** Resolves when the strings are in the loaded locales (or could not be loaded: the drawer shows anyway). */
export function installHistoryStrings(): Promise<unknown> {
  if (!installed) {
    installed = true;
    for (const locale of LOCALES) registerCatalogue(locale, `history.${locale}`, HISTORY_FILES[locale]);
    i18n.on('languageChanged', () => void merge());
  }
  return merge().catch(() => undefined);
}
