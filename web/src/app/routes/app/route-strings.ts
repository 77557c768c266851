import { i18n } from '../../../lib/i18n';

type Catalogues = Record<string, Record<string, unknown>>;

/**
 * The strings of a screen area (locales/<area>.{he,en}.json) arrive with its route chunk, not at
 * start-up: the sign-in route and /accounts/list carry every catalogue loaded at start-up, against
 * their 250 kB budgets. The area is registered in locales/registry.ts as "with its route", so the
 * tests and the catalogue checks read the files as usual.
 *
 * The files are imported statically by the route module, so they come with its chunk and merge
 * synchronously before the screen renders. They merge only into a locale whose bundle exists (a
 * bundle that exists counts as loaded in lib/i18n.ts, so creating one here would keep the shell's
 * strings of that locale from loading); a locale loaded later gets them when it is chosen.
 */
const areas: { strings: Catalogues; merged: Set<string> }[] = [];
let listening = false;

function mergeLoaded(): void {
  for (const area of areas) {
    for (const [locale, strings] of Object.entries(area.strings)) {
      if (area.merged.has(locale) || !i18n.hasResourceBundle(locale, 'translation')) continue;
      i18n.addResourceBundle(locale, 'translation', strings, true, true);
      area.merged.add(locale);
    }
  }
}

/** Merges an area's strings (by locale) into the loaded locales now, and into the others when they load. */
export function installRouteStrings(strings: Catalogues): void {
  if (!areas.some((a) => a.strings === strings)) areas.push({ strings, merged: new Set() });
  mergeLoaded();
  if (listening) return;
  listening = true;
  // setLocale loads a locale's catalogues before it changes language; this runs before React re-renders.
  i18n.on('languageChanged', mergeLoaded);
}
