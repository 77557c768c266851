/**
 * The media plan's storage (keys and items in docs/table-design.md), one file per seam: items.ts
 * (keys and item mapping), reads.ts, writes.ts (transaction items and checks), staged-writes.ts
 * (lines past one transaction), operations.ts (the named writes) and line-writes.ts (the one-write
 * line change); the shapes they store are ../store.ts's. The rules use them through the one store,
 * ../store.dynamodb.ts `planStore`; this barrel is for the store's own tests, the benches and the
 * local tools, which look at the items themselves.
 */
export type { PlanLine, PlanVersion, VersionAggregates, ActivityPlan, MixPricing } from '../store';
export { lineItem, LINE_STREAM_AUDIT, versionKeys } from './items';
export { getLineVersionId, getVersionHeader, getActivityPlan, getVersionWithLines } from './reads';
export { headerLineChange, linePutNew } from './writes';
export { versionWriteHooks } from './staged-writes';
