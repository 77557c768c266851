import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** Two emotion caches: the right-to-left one flips every left/right style (stylis-plugin-rtl). */
let ltr: EmotionCache | null = null;
let rtl: EmotionCache | null = null;

export function emotionCache(isRtl: boolean): EmotionCache {
  if (isRtl) return (rtl ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }));
  return (ltr ??= createCache({ key: 'mui' }));
}
