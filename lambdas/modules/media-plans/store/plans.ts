/**
 * The media plan's storage (keys and items in docs/table-design.md), one file per seam:
 * media-mix-types.ts (the stored shapes), media-mix-items.ts (keys and item mapping),
 * reads.ts, media-mix-writes.ts (transaction items and checks), media-mix-staged-writes.ts
 * (lines past one transaction) and media-plan-operations.ts (the named writes). The domain uses them
 * through media-plan-store.ts only; this barrel is for the store's own tests, the benches and the
 * local tools, which look at the items themselves.
 */
export type { MediaChannel, MediaMix, MixAggregates, MixPlan, MixPricing } from './types';
export { lineItem, LINE_STREAM_AUDIT, mediaMixKeys } from './items';
export { getLineMixId, getMixHeader, getMixPlan, getMixWithLines } from './reads';
export { headerLineChange, linePutNew } from './writes';
export { mediaMixWriteHooks } from './staged-writes';
