import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import { keepStyles, restoreStyles, trackGlobals } from './kept-styles';
import { rtlBlocks, rtlDeclarations } from './rtl-flip';

/** Two emotion caches: the right-to-left one flips every left/right style (rtl-flip.ts). */
let ltr: EmotionCache | null = null;
let rtl: EmotionCache | null = null;

/** Quiet time after the last new style before the cache is kept: a screen's styles come in bursts. */
const KEEP_AFTER_MS = 300;

/**
 * Keeps the cache (kept-styles.ts) once the browser is idle after it computed new styles, or as the
 * page is left or hidden before then: a screen opened and closed at once is kept too, and a visit
 * that computes nothing new writes nothing. Only where the browser can say it is idle.
 */
function keptWhenIdle(cache: EmotionCache): EmotionCache {
  if (typeof requestIdleCallback !== 'function') return cache;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unkept = false;
  const keep = () => {
    clearTimeout(timer);
    if (!unkept) return;
    unkept = false;
    keepStyles(cache);
  };
  addEventListener('pagehide', keep);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && keep());
  const insert = cache.insert;
  cache.insert = (...args) => {
    clearTimeout(timer);
    unkept = true;
    timer = setTimeout(() => requestIdleCallback(keep, { timeout: 2000 }), KEEP_AFTER_MS);
    return insert(...args);
  };
  return cache;
}

function created(key: string, make: () => EmotionCache): EmotionCache {
  restoreStyles(key);
  return keptWhenIdle(trackGlobals(make()));
}

export function emotionCache(isRtl: boolean): EmotionCache {
  if (isRtl)
    return (rtl ??= created('muirtl', () =>
      createCache({ key: 'muirtl', stylisPlugins: [rtlDeclarations, prefixer, rtlBlocks] }),
    ));
  return (ltr ??= created('mui', () => createCache({ key: 'mui' })));
}
