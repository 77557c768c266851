import { readdirSync } from 'node:fs';
import path from 'node:path';
import { TextDecoder, TextEncoder } from 'node:util';

/**
 * jsdom lacks TextEncoder/TextDecoder, which react-router needs at load time. Imported first by every
 * web test (the root jest config has no setupFiles for web tests).
 */
const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined;
}

/**
 * jsdom has no fetch Request either; react-router's data routers build one per navigation and read
 * only its url, method and signal. The tests answer API calls with a mocked fetch.
 */
if (!g.Request) {
  g.Request = class Request {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Map<string, string>;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Map();
    }
  };
}

/**
 * The console loads catalogues on demand (the shell's at start-up, a feature's with its first route);
 * the tests have every Hebrew and English file at hand from the start.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { i18n } = require('../lib/i18n') as typeof import('../lib/i18n');
const LOCALES_DIR = path.join(__dirname, '..', 'locales');
for (const locale of ['he', 'en'] as const) {
  const areas = readdirSync(LOCALES_DIR).filter((f) => f.endsWith(`.${locale}.json`));
  for (const file of [`${locale}.json`, ...areas]) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    i18n.addResourceBundle(locale, 'translation', require(path.join(LOCALES_DIR, file)), true, true);
  }
}

/**
 * findBy…/waitFor give up after 1 s by default; a cold jest run on a busy 2-core CI machine renders
 * MUI screens slower than that. A real failure still fails, only later.
 *
 * Role queries skip the "is it hidden?" check by default (`defaultHidden`): it walks each candidate's
 * ancestors through jsdom's getComputedStyle, which matches every emotion rule for each, and was
 * most of the screen suites' time. jsdom applies no media queries and no layout, so that check never
 * saw what a browser hides anyway (the browser journeys do). Where a hidden element of the same
 * role is mounted (the shell's closed navigation drawer is a dialog), a query says `hidden: false`.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('@testing-library/dom') as typeof import('@testing-library/dom')).configure({
  asyncUtilTimeout: 30_000,
  defaultHidden: true,
});

/**
 * jsdom's getComputedStyle matches every rule of every stylesheet against the element, and the
 * console's emotion styles are hundreds of rules: Testing Library's role queries call it for every
 * candidate element and each of its ancestors (is it hidden? what is its name?), again on every
 * retry of a waitFor, which made a screen suite take minutes (a CPU profile: most of its time in
 * the selector matching). The style of an element changes only when the document does, so each
 * answer is kept until the next DOM change, read synchronously from a MutationObserver's pending
 * records: the same answers, computed once per element per state of the document.
 */
if (typeof window !== 'undefined' && typeof MutationObserver !== 'undefined') {
  const computed = window.getComputedStyle.bind(window);
  let styles = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  const changes = new MutationObserver(() => undefined);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (changes.takeRecords().length) styles = new WeakMap();
    let byPseudo = styles.get(element);
    if (!byPseudo) styles.set(element, (byPseudo = new Map()));
    let style = byPseudo.get(pseudo ?? '');
    if (!style) byPseudo.set(pseudo ?? '', (style = computed(element, pseudo)));
    return style;
  };
}
