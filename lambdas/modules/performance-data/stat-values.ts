import type { DailyStat } from '../../shared/connector-platforms';
import type { StoredStat, StoredTarget } from './daily-stat-store';
import { MEASURES, type Measures } from './stat-keys';

/** A platform's stat in the form it is stored: integer measures, the targets it was rolled up to. */

export const measuresOf = (s: DailyStat): Measures => ({
  Impressions: Math.round(s.impressions),
  Clicks: Math.round(s.clicks),
  SpendMicros: Math.round(s.spend * 1e6),
  ConversionsMilli: Math.round(s.conversions * 1e3),
  ConversionValueMicros: Math.round(s.conversionValue * 1e6),
  VideoViews: Math.round(s.videoViews),
});

export function storedStatOf(s: DailyStat, target: StoredTarget | undefined): StoredStat {
  return {
    Date: s.date,
    CampaignId: s.externalCampaignId,
    CampaignName: s.campaignName,
    ...(s.campaignStatus ? { CampaignStatus: s.campaignStatus } : {}),
    Currency: s.currency,
    ...measuresOf(s),
    ...(s.reach !== undefined ? { Reach: Math.round(s.reach) } : {}),
    ...(target ?? {}),
  };
}

/** True when a re-read stat would store exactly what is stored (the write is skipped). */
export function sameStat(a: StoredStat, b: StoredStat): boolean {
  return (
    MEASURES.every((m) => a[m] === b[m]) &&
    a.CampaignName === b.CampaignName &&
    a.CampaignStatus === b.CampaignStatus &&
    a.Currency === b.Currency &&
    a.Reach === b.Reach &&
    a.LineId === b.LineId &&
    a.ActivityId === b.ActivityId &&
    a.AccountId === b.AccountId
  );
}
