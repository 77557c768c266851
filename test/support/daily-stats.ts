import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';

/**
 * A builder of stored daily stats of campaign c1 (ILS) with nothing counted, dated `date` unless
 * the test says otherwise: each test sets only the figures it is about.
 */
export const statOn =
  (date: string) =>
  (over: Partial<StoredStat>): StoredStat => ({
    Date: date,
    CampaignId: 'c1',
    CampaignName: 'Campaign',
    Currency: 'ILS',
    Impressions: 0,
    Clicks: 0,
    SpendMicros: 0,
    ConversionsMilli: 0,
    ConversionValueMicros: 0,
    VideoViews: 0,
    ...over,
  });
