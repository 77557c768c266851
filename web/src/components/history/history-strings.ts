import { i18n } from '../../lib/i18n';
import { LOCALES } from '../../lib/locale';
import { HISTORY_FILES } from '../../locales/early/history';
import { registerCatalogue } from '../../locales/registry';

/**
 * The History drawer's strings (locales/history.<locale>.json), shared by every screen that offers
 * it. Installed once, when a screen with a History button first loads: loaded into the locales
 * already loaded and registered for a locale chosen later (as app/feature-strings.ts does for a
 * feature's catalogues).
 */
let installed = false;

function merge(): void {
  for (const locale of LOCALES) {
    if (
      i18n.hasResourceBundle(locale, 'translation') &&
      !i18n.exists('history.open', { lng: locale, fallbackLng: [] })
    ) {
      void HISTORY_FILES[locale]().then((mod) =>
        i18n.addResourceBundle(locale, 'translation', mod.default, true, true),
      );
    }
  }
}

export function installHistoryStrings(): void {
  if (installed) return;
  installed = true;
  for (const locale of LOCALES) registerCatalogue(locale, `history.${locale}`, HISTORY_FILES[locale]);
  merge();
  i18n.on('languageChanged', merge);
}
