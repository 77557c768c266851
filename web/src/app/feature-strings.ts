import type { Catalogues, Feature } from '../lib/feature';
import { i18n } from '../lib/i18n';
import { isLocale } from '../lib/locale';
import { registerCatalogue, type Catalogue } from '../locales/registry';

/** Every feature catalogue file named so far, by locale, and whether it is in its locale's bundle yet. */
const files: { locale: string; load: Catalogue; merged?: Promise<void> }[] = [];
const started = new WeakMap<Feature, Promise<void>>();
let listening = false;

/**
 * Loads and merges the named files of the locales that have a bundle (the language in use, and any
 * loaded before). None is created here: a bundle that exists counts as loaded in lib/i18n.ts, so
 * creating one would keep the shell's strings of that locale from loading. A file of another locale
 * waits in the registry for lib/i18n.ts setLocale.
 */
function mergeLoaded(): Promise<void> {
  const loading = files
    .filter((file) => !file.merged && i18n.hasResourceBundle(file.locale, 'translation'))
    .map((file) => {
      file.merged = file.load().then((mod) => {
        i18n.addResourceBundle(file.locale, 'translation', mod.default, true, true);
      });
      // A failed download is tried again by the next merge.
      file.merged.catch(() => (file.merged = undefined));
      return file.merged;
    });
  return Promise.all(loading).then(() => undefined);
}

function install(strings: Catalogues): Promise<void> {
  for (const [name, byLocale] of Object.entries(strings)) {
    for (const [locale, load] of Object.entries(byLocale)) {
      if (!isLocale(locale) || !load) continue;
      // A locale chosen later loads it with the shell's catalogues (lib/i18n.ts setLocale).
      registerCatalogue(locale, `${name}.${locale}`, load);
      files.push({ locale, load });
    }
  }
  return mergeLoaded();
}

/**
 * A feature's strings (Feature.catalogues), asked for the first time one of its routes is visited:
 * the files of every loaded locale are loaded and merged before the route shows, and the others are
 * put in the locale registry. A locale whose loading was already under way gets them when it becomes
 * the language.
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
      // setLocale loads a locale's registered files before it changes the language; this catches a
      // feature that named its files while that loading was under way.
      i18n.on('languageChanged', () => void mergeLoaded());
    }
  }
  return done;
}
