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

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

/**
 * One row of the daily grain (docs/domain.md): the key is EVERY dimension
 * (date × connectorType × externalAccountId × externalCampaignId), so a re-read replaces, never doubles.
 */
export interface DailyStat {
  date: Day;
  connectorType: ConnectorType;
  externalAccountId: string;
  externalCampaignId: string;
  campaignName: string;
  /** The platform's campaign status (ENABLED, PAUSED, …), when it reports one. */
  campaignStatus?: string;
  impressions: number;
  clicks: number;
  /** In `currency`, major units (e.g. 2.5 for 2,500,000 Google micros). */
  spend: number;
  currency: string;
  conversions: number;
  conversionValue: number;
  videoViews: number;
  /** Per day only: reach does not add up across days (never sum it). Undefined where the platform has none. */
  reach?: number;
}
