import { ConflictError } from '../../core/errors';
import type { PlatformId } from '../../shared/connector-platforms';

/** The platforms' own names (brand names, the same in every language), as errors name them. */
export const PLATFORM_NAMES: Record<PlatformId, string> = {
  google_ads: 'Google Ads',
  meta_ads: 'Meta Ads',
  tiktok_ads: 'TikTok Ads',
};

/** 409 PLATFORM_VENDOR_TAKEN: `holder` (when it could be read) is the vendor of `platform` already. */
export const platformTaken = (platform: PlatformId, holder: { ID: number; Name: string } | undefined) =>
  new ConflictError(
    `Vendor "${holder?.Name ?? '?'}" is the vendor of ${PLATFORM_NAMES[platform]} already`,
    'PLATFORM_VENDOR_TAKEN',
    { platform: PLATFORM_NAMES[platform], vendor: holder?.Name ?? '?' },
  );
