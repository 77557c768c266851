import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES, ERROR_CATALOGUES } from '../locales/registry';
import { DEFAULT_LOCALE, isLocale, isRtlLocale, type Locale } from './locale';

/** Unicode bidi controls: first-strong, left-to-right and right-to-left isolates, and their end. */
export const BIDI = { FSI: '\u2068', LRI: '\u2066', RLI: '\u2067', PDI: '\u2069' } as const;

/**
 * Every interpolated value is an isolate in a right-to-left language: a name, a date, an
 * amount, a server's English text keeps its own order and punctuation inside a Hebrew sentence, and
 * the sentence's punctuation stays outside it ("שער מ-{{date}}:" no longer puts the colon inside the
 * date). i18next's escape marks each value (React escapes the markup, so nothing else is escaped) and
 * the `bidi` post-processor, which knows the language of the call, turns the marks into FSI … PDI in
 * Hebrew and drops them in a left-to-right language, where isolates would only be noise in the text.
 * Latin runs written in a Hebrew catalogue itself (URLs, codes, signed numbers) carry LRI … PDI in the
 * catalogue (locales/catalogues.test.ts checks them).
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;
const bidiPostProcessor = {
  type: 'postProcessor' as const,
  name: 'bidi',
  process(value: unknown, _key: string | string[], options: { lng?: string }, translator: { language?: string }) {
    if (typeof value !== 'string' || !value.includes(OPEN)) return value;
    const lng = options.lng ?? translator.language ?? '';
    return isRtlLocale(lng)
      ? value.replace(MARKS, (m) => (m === OPEN ? BIDI.FSI : BIDI.PDI))
      : value.replace(MARKS, '');
  },
};

/** The pseudo-locale (lib/pseudo-locale.ts) is switched on per browser by the `mixdesk-pseudo` storage key (the journeys set it). */
function pseudoWanted(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem('mixdesk-pseudo') === '1';
  } catch {
    return false;
  }
}
const PSEUDO = pseudoWanted();
// Its code is loaded only where it is on, by loadCatalogue (main.tsx awaits it before the first render).
let pseudoText: ((text: string, open: string, close: string) => string) | undefined;
const pseudoPostProcessor = {
  type: 'postProcessor' as const,
  name: 'pseudo',
  process: (value: unknown) => (typeof value === 'string' && pseudoText ? pseudoText(value, OPEN, CLOSE) : value),
};

export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(bidiPostProcessor)
  .use(pseudoPostProcessor)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: DEFAULT_LOCALE,
    fallbackLng: 'en',
    interpolation: { escapeValue: true, escape: (value: unknown) => `${OPEN}${String(value)}${CLOSE}` },
    // The pseudo-locale (tests) runs first: it needs the marks around interpolated values.
    postProcess: PSEUDO ? ['pseudo', 'bidi'] : ['bidi'],
    returnNull: false,
    initAsync: false,
    // A file that arrives after the screen rendered (a feature's strings while the language was
    // changing) re-renders what uses the strings.
    react: { bindI18nStore: 'added' },
  });

/** Sets `lang` on <html>: the language the page's strings are in. */
export function applyDocumentLanguage(locale: string): void {
  if (typeof document === 'undefined') return;
  // Only a change is written.
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
}

/**
 * Sets `dir` on <html>: the display setting's direction, which the theme follows (automatic: the
 * language's own). Only a change is written: each write re-derives the whole page's direction.
 */
export function applyDocumentDirection(rtl: boolean): void {
  if (typeof document === 'undefined') return;
  const dir = rtl ? 'rtl' : 'ltr';
  if (document.documentElement.dir !== dir) document.documentElement.dir = dir;
}

/** Switches the language, loading a catalogue first when it is not in the bundle. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  // Once an error was shown, a language chosen later comes with its error messages too.
  if (errorsWanted) await loadErrors(locale);
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

let errorsWanted = false;
const errorsLoaded = new Map<Locale, Promise<void>>();

function loadErrors(locale: Locale): Promise<void> {
  let loading = errorsLoaded.get(locale);
  if (!loading) {
    loading = ERROR_CATALOGUES[locale]().then((mod) => {
      i18n.addResourceBundle(locale, 'translation', mod.default, true, true);
    });
    // A failed load (offline) is tried again on the next error.
    loading.catch(() => errorsLoaded.delete(locale));
    errorsLoaded.set(locale, loading);
  }
  return loading;
}

/**
 * The error messages of the current language (locales/registry.ts ERROR_CATALOGUES), loaded once, on
 * the first error or the first form; resolves when they are in (or could not be loaded: the caller
 * then shows the server's text, as for a code this console does not know).
 */
export async function loadErrorCatalogue(): Promise<void> {
  errorsWanted = true;
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  await loadErrors(locale).catch(() => undefined);
}

/** Adds a locale's catalogue once (main.tsx awaits the first one before rendering). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (PSEUDO && !pseudoText) pseudoText = (await import('./pseudo-locale')).pseudoText;
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const files = await Promise.all(Object.values(CATALOGUES[locale]).map((load) => load()));
  for (const mod of files) i18n.addResourceBundle(locale, 'translation', mod.default, true, true);
}
