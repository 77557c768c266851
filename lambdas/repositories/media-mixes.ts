/**
 * The media plan store (keys and items in docs/table-design.md), one file per seam:
 * media-mix-types.ts (the stored shapes), media-mix-items.ts (keys and item mapping),
 * media-mix-reads.ts, media-mix-writes.ts (transaction items and guards) and
 * media-mix-staged-writes.ts (lines past one transaction).
 */
export type { AggregateDelta } from './media-mix-writes';
export type { MediaChannel, MediaMix, MixAggregates, MixPlan, MixPricing } from './media-mix-types';
export { headerItem, lineItem, LINE_EDITABLE, LINE_STREAM_AUDIT, MEDIA_CHANNEL_ENTITY, MEDIA_MIX_ENTITY, mediaMixKeys, toLine } from './media-mix-items';
export {
  getLine, getLineMixId, getLineWithHeader, getMixHeader, getMixPlan, getMixWithLines, listMixHeadersOfActivity,
} from './media-mix-reads';
export {
  accountActiveGuard, activityGuard, archiveLineItems, audit, headerLineChange, linePutFromVersion, linePutNew,
  planItems, putFromVersion, putNew,
} from './media-mix-writes';
export { mediaMixWriteHooks, writeLinesWithCommit } from './media-mix-staged-writes';
