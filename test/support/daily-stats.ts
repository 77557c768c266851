import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { zeroMeasures } from '../../lambdas/modules/performance-data/stat-keys';

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
    ...zeroMeasures(),
    ...over,
  });
