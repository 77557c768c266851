import { array, maximum, maxLength, minimum, number, object, optional, regex, string } from 'zod/mini';
import { isCalendarDay } from '../../../../shared/calendar';
import { int64, malformed } from './wire';
import type { DailyStat } from '../../platform';

/**
 * The Google Ads API's daily campaign rows (docs/connectors.md, "The Google Ads client"): the query
 * and the batches of searchStream (or search's pages) as the sync's client reads them. The customer
 * query, the token reply and the errors are ./wire.ts, shared with the account listing.
 */

/** The daily campaign grain (docs/connectors.md): every dimension of the key, every metric the stat carries. */
export function dailyCampaignQuery(from: string, to: string): string {
  return (
    'SELECT segments.date, campaign.id, campaign.name, campaign.status, metrics.impressions, metrics.clicks, ' +
    'metrics.cost_micros, metrics.conversions, metrics.conversions_value, metrics.video_trueview_views ' +
    `FROM campaign WHERE segments.date BETWEEN '${from}' AND '${to}'`
  );
}

/** Doubles (conversions may be fractional under data-driven attribution), finite and bounded. */
const double = number().check(minimum(0), maximum(1e12));
const day = string().check(regex(/^\d{4}-\d{2}-\d{2}$/));

const campaignRow = object({
  campaign: object({
    id: int64,
    name: string().check(maxLength(2048)),
    status: optional(string().check(maxLength(64))),
  }),
  metrics: optional(
    object({
      impressions: optional(int64),
      clicks: optional(int64),
      costMicros: optional(int64),
      conversions: optional(double),
      conversionsValue: optional(double),
      videoTrueviewViews: optional(int64),
    }),
  ),
  segments: object({ date: day }),
});

const rowsPage = object({
  results: optional(array(campaignRow)),
  nextPageToken: optional(string().check(maxLength(4096))),
});

/** What a page's rows are read against: the customer, its currency and the days asked for. */
export interface GoogleRowsCtx {
  customerId: string;
  currency: string;
  from: string;
  to: string;
}

export type RowsPage = ReturnType<typeof rowsPage.parse>;

/** A batch (a searchStream element or a search page) checked whole: one malformed row refuses it. */
export function rowsPageOf(value: unknown): RowsPage {
  const parsed = rowsPage.safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw malformed(`a row${where ? ` (${where})` : ''}`);
  }
  return parsed.data;
}

/**
 * A checked row → its daily stat, within the days asked for. Missing metrics are 0 (Google leaves
 * zero metrics out); spend is costMicros / 1,000,000.
 */
export function googleRowToDailyStat(value: unknown, ctx: GoogleRowsCtx): DailyStat {
  const row = value as NonNullable<RowsPage['results']>[number];
  const d = row.segments.date;
  if (!isCalendarDay(d) || d < ctx.from || d > ctx.to)
    throw malformed(`a row dated ${isCalendarDay(d) ? `${d}, outside ${ctx.from}…${ctx.to}` : 'with no valid day'}`);
  const m = row.metrics ?? {};
  return {
    date: d,
    connectorType: 'google_ads',
    externalAccountId: ctx.customerId,
    externalCampaignId: row.campaign.id,
    campaignName: row.campaign.name,
    ...(row.campaign.status ? { campaignStatus: row.campaign.status } : {}),
    impressions: Number(m.impressions ?? 0),
    clicks: Number(m.clicks ?? 0),
    spend: Number(m.costMicros ?? 0) / 1_000_000,
    currency: ctx.currency,
    conversions: m.conversions ?? 0,
    conversionValue: m.conversionsValue ?? 0,
    videoViews: Number(m.videoTrueviewViews ?? 0),
  };
}

/** One searchStream element → its daily stats, every row checked first. */
export const statsOfBatch = (value: unknown, ctx: GoogleRowsCtx): DailyStat[] =>
  (rowsPageOf(value).results ?? []).map((row) => googleRowToDailyStat(row, ctx));
