/**
 * The part of the platform registry (lambdas/modules/connectors/platforms/registry.ts) both sides may import:
 * the ids of the ad platforms Mixdesk reads (the console names each by `connectors.types.<id>` in
 * its catalogues). The connector type union is derived from this list alone, so a new platform is one
 * line here, its folder and its registry line.
 */
export const PLATFORM_IDS = ['google_ads', 'meta_ads', 'tiktok_ads'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** A connector's Type: an ad platform, or files uploaded by hand (no platform to ask). */
export const CONNECTOR_TYPES = [...PLATFORM_IDS, 'csv_upload'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

export const isPlatformId = (type: string): type is PlatformId => (PLATFORM_IDS as readonly string[]).includes(type);
