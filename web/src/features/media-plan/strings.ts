import en from '../../locales/media-plan.en.json';
import he from '../../locales/media-plan.he.json';
import { i18n } from '../../lib/i18n';

/**
 * The media plan's strings (locales/media-plan.{he,en}.json) come with its route chunk, not at
 * start-up: the sign-in route and /accounts/list carry every catalogue registered for start-up, and
 * this one would put /accounts/list over its 250 kB budget. Registered in locales/registry.ts as
 * "with its route" (so the tests and the catalogue checks read the files as usual).
 *
 * Imported statically, so they arrive with the chunk (no extra round trip before the plan's calls)
 * and merge synchronously. Only into a locale whose bundle exists: a bundle that exists counts as
 * loaded (lib/i18n.ts loadCatalogue), so creating one here would keep the shell's strings of that
 * locale from ever loading. A locale loaded later (a language switch) gets them as it is chosen.
 */
const STRINGS: Record<string, Record<string, unknown>> = { he, en };
const merged = new Set<string>();

function mergeLoaded(): void {
  for (const [locale, strings] of Object.entries(STRINGS)) {
    if (merged.has(locale) || !i18n.hasResourceBundle(locale, 'translation')) continue;
    i18n.addResourceBundle(locale, 'translation', strings, true, true);
    merged.add(locale);
  }
}

let installed = false;

/** Merges the strings into the loaded locales now, and into the others when they load. */
export function installPlanStrings(): void {
  mergeLoaded();
  if (installed) return;
  installed = true;
  // setLocale loads a locale's catalogues before it changes language; this runs before React re-renders.
  i18n.on('languageChanged', mergeLoaded);
}
