import type { ConnectorType, Day } from '../../shared/connector-platforms';
import { companyPk } from '../../aws/dynamodb/keys';

/** The keys of the daily grain and its rollups, and the measures they add up. */

export const statKeys = {
  pk: (companyId: number, type: ConnectorType, externalAccountId: string) =>
    `${companyPk(companyId)}#DS#${type}#${externalAccountId}`,
  sk: (date: Day, externalCampaignId: string) => `${date}#${externalCampaignId}`,
  line: (companyId: number, lineId: number) => `${companyPk(companyId)}#RLINE#${lineId}`,
  activity: (companyId: number, activityId: number) => `${companyPk(companyId)}#RACT#${activityId}`,
  account: (companyId: number, accountId: number) => `${companyPk(companyId)}#RACC#${accountId}`,
  /** The company's month summary partition (month-summaries.ts): one item per line × currency × source account of the month. */
  monthSummary: (companyId: number, month: string) => `${companyPk(companyId)}#DSM#${month}`,
};

/** The additive measures of a stat and of a rollup, as stored (integers). Reach is per day only and never rolled up. */
export const MEASURES = [
  'Impressions',
  'Clicks',
  'SpendMicros',
  'ConversionsMilli',
  'ConversionValueMicros',
  'VideoViews',
] as const;
export type Measure = (typeof MEASURES)[number];
export type Measures = Record<Measure, number>;

/** Every measure at 0: where a sum starts (a rollup, a summary, a line's totals). */
export const zeroMeasures = (): Measures => ({
  Impressions: 0,
  Clicks: 0,
  SpendMicros: 0,
  ConversionsMilli: 0,
  ConversionValueMicros: 0,
  VideoViews: 0,
});
