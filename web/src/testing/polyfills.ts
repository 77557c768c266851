import { TextDecoder, TextEncoder } from 'node:util';
import { CATALOGUES } from '../locales/registry';

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

/** The console loads catalogues on demand; the tests have Hebrew and English at hand from the start. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { i18n } = require('../lib/i18n') as typeof import('../lib/i18n');
for (const locale of ['he', 'en'] as const) {
  for (const file of Object.keys(CATALOGUES[locale])) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    i18n.addResourceBundle(locale, 'translation', require(`../locales/${file}.json`), true, true);
  }
}

/**
 * findBy…/waitFor give up after 1 s by default; a cold jest run on a busy 2-core CI machine renders
 * MUI screens slower than that. A real failure still fails, only later.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('@testing-library/dom') as typeof import('@testing-library/dom')).configure({ asyncUtilTimeout: 10_000 });
