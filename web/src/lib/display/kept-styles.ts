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
 */
const PREFIX = 'mixdesk.styles.';
/** Over this, the kept styles are dropped and the next visit starts afresh (localStorage holds ~5 MB). */
const MAX_CHARS = 400_000;

interface Kept {
  build: string;
  names: string[];
  css: string;
}

function read(key: string): Kept | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<Kept>;
    const names = kept.names;
    if (kept.build !== BUILD_ID || typeof kept.css !== 'string' || !Array.isArray(names)) return null;
    // A class name is emotion's hash and label: nothing else may reach the attribute.
    if (!names.every((n) => typeof n === 'string' && /^[\w-]+$/.test(n))) return null;
    return { build: kept.build, names, css: kept.css };
  } catch {
    return null;
  }
}

/** Before emotion's cache `key` is created: the styles kept from the last visit, as server-rendered ones. */
export function restoreStyles(key: string): void {
  if (typeof localStorage === 'undefined' || typeof document === 'undefined') return;
  const kept = read(key);
  if (!kept || kept.names.length === 0) return;
  const style = document.createElement('style');
  style.setAttribute('data-emotion', `${key} ${kept.names.join(' ')}`);
  style.textContent = kept.css;
  document.head.appendChild(style);
}

function rulesOf(cache: EmotionCache): string {
  return cache.sheet.tags
    .map((tag) => {
      const rules = tag.sheet?.cssRules;
      return rules ? Array.from(rules, (r) => r.cssText).join('') : (tag.textContent ?? '');
    })
    .join('');
}

/** Keeps what the cache holds now (the restored styles and those computed since) for the next visit. */
export function keepStyles(cache: EmotionCache): void {
  try {
    const names = Object.keys(cache.inserted).filter((n) => cache.inserted[n] !== undefined && /^[\w-]+$/.test(n));
    const css = rulesOf(cache);
    const item = PREFIX + cache.key;
    if (css.length > MAX_CHARS) localStorage.removeItem(item);
    else localStorage.setItem(item, JSON.stringify({ build: BUILD_ID, names, css } satisfies Kept));
  } catch {
    // Storage full or denied: the next visit computes its styles, as the first one did.
  }
}
