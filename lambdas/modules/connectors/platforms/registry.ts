import { PLATFORM_IDS, type PlatformId } from '../../../shared/connector-platforms';
import type { PlatformSpec } from './spec';
import { googleAdsSpec } from './google-ads/spec';
import { metaAdsSpec } from './meta-ads/spec';
import { tiktokAdsSpec } from './tiktok-ads/spec';

/**
 * The ad platforms Mixdesk reads, one line each: their ids are lambdas/shared/connector-platforms.ts
 * (the connector types, the console's labels), their specs drive the sync workers (CDK and the job
 * handler list), the backfill limits and the local fakes. A new platform: its folder (a spec and a
 * PlatformDefinition: spec.ts), its id there, its line here, and its fake with its line in
 * local/fakes/platform-fakes.ts.
 */
export const PLATFORM_SPECS = {
  google_ads: googleAdsSpec,
  meta_ads: metaAdsSpec,
  tiktok_ads: tiktokAdsSpec,
} as const satisfies Record<PlatformId, PlatformSpec>;

const extra = new Map<string, PlatformSpec>();

/** Every platform's spec, in the order of PLATFORM_IDS (and any registered by a test after them). */
export function platformSpecs(): PlatformSpec[] {
  return [...PLATFORM_IDS.map((id) => PLATFORM_SPECS[id] as PlatformSpec), ...extra.values()];
}

/** The spec of `type`; undefined for a connector type without a platform (csv_upload). */
export function platformSpec(type: string): PlatformSpec | undefined {
  return (PLATFORM_SPECS as Record<string, PlatformSpec>)[type] ?? extra.get(type);
}

/**
 * Adds a platform at run time and answers how to remove it: what a test does to prove a platform is
 * its folder and one registry line (test/sync/toy-platform.test.ts).
 */
export function registerPlatform(spec: PlatformSpec): () => void {
  extra.set(spec.id, spec);
  return () => extra.delete(spec.id);
}
