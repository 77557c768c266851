import type { Catalogues, Feature } from '../lib/feature';
import { i18n } from '../lib/i18n';
import { isLocale } from '../lib/locale';
import { registerCatalogue } from '../locales/registry';

/** Every feature catalogue file that has arrived (with its screens' chunk), and whether it is in its locale's bundle yet. */
const files: { locale: string; messages: Record<string, unknown>; merged: boolean }[] = [];
const started = new WeakMap<Feature, Promise<void>>();
let listening = false;

/**
 * Merges what has arrived into the locales that have a bundle. None is created here: a bundle that
 * exists counts as loaded in lib/i18n.ts, so creating one would keep the shell's strings of that
 * locale from loading.
 */
function mergeLoaded(): void {
  for (const file of files) {
    if (file.merged || !i18n.hasResourceBundle(file.locale, 'translation')) continue;
    i18n.addResourceBundle(file.locale, 'translation', file.messages, true, true);
    file.merged = true;
  }
}

function install(strings: Catalogues): void {
  for (const [name, byLocale] of Object.entries(strings)) {
    for (const [locale, messages] of Object.entries(byLocale)) {
      if (!isLocale(locale) || !messages) continue;
      // A locale chosen later loads it with the shell's catalogues (lib/i18n.ts setLocale).
      registerCatalogue(locale, `${name}.${locale}`, async () => ({ default: messages }));
      files.push({ locale, messages, merged: false });
    }
  }
  mergeLoaded();
}

/**
 * A feature's strings (Feature.catalogues), which arrive with its screens' chunk the first time one
 * of its routes is visited: merged now into every loaded locale, and put in the locale registry for
 * the others. A locale whose loading was already under way gets them when it becomes the language.
 */
export function loadFeatureStrings(feature: Feature): Promise<void> {
  if (!feature.catalogues) return Promise.resolve();
  let done = started.get(feature);
  if (!done) {
    done = feature.catalogues().then(install);
    done.catch(() => started.delete(feature)); // a failed download is tried again by the next visit
    started.set(feature, done);
    if (!listening) {
      listening = true;
      // setLocale loads a locale's catalogues before it changes the language; this runs before React re-renders.
      i18n.on('languageChanged', mergeLoaded);
    }
  }
  return done;
}
