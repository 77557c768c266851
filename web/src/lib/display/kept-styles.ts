import type { EmotionCache } from '@emotion/cache';
import { BUILD_ID } from '../version';

/**
 * The styles the console computed on a visit, kept for the next one. Every MUI component's style is
 * computed in the browser (emotion runs each rule through stylis, and in Hebrew through the
 * right-to-left transform): on a signed-in screen's first frame that is ~400 rules and a large part
 * of its start. A class name is a hash of its rules, so the rules of a name never change: the next
 * visit puts the kept rules in the page as emotion's server-rendered styles (a `data-emotion` style
 * naming its classes), and emotion inserts only what is new. Kept per cache (direction) and build,
 * so a deploy starts afresh; a stale name is only an unused rule, never a wrong one.
 * The global sheets (the theme's baseline, emotion's <Global>) are kept too, each under its own name:
 * emotion adopts a `style[data-emotion="<key>-global <name>"]` it finds instead of computing it.
 */
const PREFIX = 'mixdesk.styles.';
/** Over this, the kept styles are dropped and the next visit starts afresh (localStorage holds ~5 MB). */
const MAX_CHARS = 400_000;

interface KeptGlobal {
  name: string;
  css: string;
}

interface Kept {
  build: string;
  names: string[];
  css: string;
  globals?: KeptGlobal[];
}

/** A name as emotion makes it (hash and label): nothing else may reach an attribute. */
const isName = (n: unknown): n is string => typeof n === 'string' && /^[\w-]+$/.test(n);

/** Per cache key, each global style's name and where its rules are now (the restored element, or its sheet's). */
const globalTags = new Map<string, Map<string, () => readonly HTMLStyleElement[]>>();
const globalsOf = (key: string) => {
  let m = globalTags.get(key);
  if (!m) globalTags.set(key, (m = new Map()));
  return m;
};

function read(key: string): Kept | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<Kept>;
    const names = kept.names;
    if (kept.build !== BUILD_ID || typeof kept.css !== 'string' || !Array.isArray(names)) return null;
    if (!names.every(isName)) return null;
    const globals = Array.isArray(kept.globals)
      ? kept.globals.filter((g) => isName(g?.name) && typeof g.css === 'string')
      : [];
    return { build: kept.build, names, css: kept.css, globals };
  } catch {
    return null;
  }
}

/** The kept styles of cache `key` already in the page: the first frame's script puts them there before the console. */
function restoredBefore(key: string): HTMLStyleElement[] {
  return Array.from(document.head.querySelectorAll<HTMLStyleElement>('style[data-emotion]')).filter((el) => {
    const name = el.getAttribute('data-emotion') ?? '';
    return name.startsWith(`${key} `) || name.startsWith(`${key}-global `);
  });
}

/**
 * Before emotion's cache `key` is created: the styles kept from the last visit, as server-rendered
 * ones, once per page (those already there are taken as they are). False when none are kept.
 */
export function restoreStyles(key: string): boolean {
  if (typeof localStorage === 'undefined' || typeof document === 'undefined') return false;
  const before = restoredBefore(key);
  if (before.length > 0) {
    const prefix = `${key}-global `;
    for (const el of before) {
      const name = el.getAttribute('data-emotion') ?? '';
      if (name.startsWith(prefix)) globalsOf(key).set(name.slice(prefix.length), () => [el]);
    }
    return true;
  }
  const kept = read(key);
  if (!kept) return false;
  // The global sheets first: emotion puts them ahead of the components' styles, which they underlie.
  for (const g of kept.globals ?? []) {
    const style = styleElement(`${key}-global ${g.name}`, g.css);
    globalsOf(key).set(g.name, () => [style]);
  }
  if (kept.names.length > 0) styleElement(`${key} ${kept.names.join(' ')}`, kept.css);
  return true;
}

function styleElement(emotion: string, css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.setAttribute('data-emotion', emotion);
  style.textContent = css;
  document.head.appendChild(style);
  return style;
}

/**
 * After the first commit: the kept global styles no <Global> took are removed. A global rule applies to
 * the whole page, so one kept from a screen that is not open must not stay (a class's rule is inert).
 * Emotion clears the name of an element it takes, so those still named are the ones left.
 */
export function dropUnadoptedGlobals(key: string): void {
  if (typeof document === 'undefined') return;
  const prefix = `${key}-global `;
  for (const el of Array.from(document.head.querySelectorAll<HTMLStyleElement>('style[data-emotion]'))) {
    const name = el.getAttribute('data-emotion') ?? '';
    if (!name.startsWith(prefix)) continue;
    el.remove();
    globalsOf(key).delete(name.slice(prefix.length));
  }
}

type Sheet = EmotionCache['sheet'];

/**
 * Notes which global style a sheet holds as emotion inserts it (a <Global> inserts its styles with an
 * empty selector into a sheet of its own); a sheet given a new name no longer holds the old one.
 */
export function trackGlobals(cache: EmotionCache): EmotionCache {
  const insert = cache.insert;
  const sheets = new Map<string, Sheet>();
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '' && sheet !== cache.sheet) {
      const globals = globalsOf(cache.key);
      for (const [name, s] of sheets) {
        if (s !== sheet) continue;
        sheets.delete(name);
        globals.delete(name);
      }
      sheets.set(serialized.name, sheet);
      globals.set(serialized.name, () => sheet.tags);
    }
    return insert(selector, serialized, sheet, shouldCache);
  };
  return cache;
}

const cssOf = (tags: readonly HTMLStyleElement[]) =>
  tags
    .map((tag) => {
      const rules = tag.sheet?.cssRules;
      return rules ? Array.from(rules, (r) => r.cssText).join('') : (tag.textContent ?? '');
    })
    .join('');

/** The global styles in the page now, in the page's order (a removed <Global>'s are gone). */
function globalsNow(key: string): KeptGlobal[] {
  const live: { name: string; tags: readonly HTMLStyleElement[] }[] = [];
  for (const [name, tagsOf] of globalsOf(key)) {
    const tags = tagsOf().filter((t) => t.isConnected);
    if (tags.length > 0 && isName(name)) live.push({ name, tags });
  }
  live.sort((a, b) => (a.tags[0]!.compareDocumentPosition(b.tags[0]!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return live.map(({ name, tags }) => ({ name, css: cssOf(tags) }));
}

/** Keeps what the cache holds now (the restored styles and those computed since) for the next visit. */
export function keepStyles(cache: EmotionCache): void {
  try {
    const names = Object.keys(cache.inserted).filter((n) => cache.inserted[n] !== undefined && isName(n));
    const css = cssOf(cache.sheet.tags);
    const globals = globalsNow(cache.key);
    const item = PREFIX + cache.key;
    if (css.length + globals.reduce((n, g) => n + g.css.length, 0) > MAX_CHARS) localStorage.removeItem(item);
    else localStorage.setItem(item, JSON.stringify({ build: BUILD_ID, names, css, globals } satisfies Kept));
  } catch {
    // Storage full or denied: the next visit computes its styles, as the first one did.
  }
}
