/** Percent 0–100 with at most 2 decimals, as the API's percent() fields take it. */
const PERCENT_PATTERN = /^\d+(\.\d{1,2})?$/;

export function isPercent(text: string): boolean {
  const v = text.trim();
  return PERCENT_PATTERN.test(v) && Number(v) <= 100;
}

/** lambdas/modules/channel-types/schemas.ts CHANNEL_TYPE_NAME_MAX. */
export const CHANNEL_TYPE_NAME_MAX = 100;

/** Connector names are brands, written the same in every language; only the two plain words are translated. */
const CONNECTOR_BRANDS: Record<string, string> = {
  google_ads: 'Google Ads',
  meta_ads: 'Meta Ads',
  tiktok_ads: 'TikTok Ads',
  linkedin_ads: 'LinkedIn Ads',
  taboola: 'Taboola',
  outbrain: 'Outbrain',
  dv360: 'Display & Video 360',
};

export function connectorName(type: string, t: (key: string) => string): string {
  return (
    CONNECTOR_BRANDS[type] ?? (type === 'csv_upload' || type === 'none' ? t(`channelTypes.connectors.${type}`) : type)
  );
}
