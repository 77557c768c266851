import { getAccounts } from '../tenancy';
import { listExternalLinks } from '../connectors';
import { readStats, type StoredStat } from '../performance-data';
import type { ConnectorType } from '../connectors';
import type { CalendarDay } from '../../shared/calendar';
import { inParallel } from '../../core/in-parallel';
import type { ActualDay } from '../performance';

/**
 * The performance report grouped by campaign (docs/reports.md "Campaign grouping").
 * No rollup is kept per campaign: a campaign's day IS one stored stat (the daily grain,
 * modules/performance-data/daily-stat-store.dynamodb.ts), so a per-campaign rollup would double the sync's writes for nothing
 * smaller to read. The report reads the stored stats themselves, but only where the activities in
 * scope can have any: the external (ad) accounts linked to the accounts of those activities' main
 * accounts (a campaign maps only to lines of its own account's plans: modules/connectors/campaigns.ts
 * saveCampaignFor), one projected, eventually consistent Query per ad account over the period,
 * PARALLEL in flight, at most REPORT_MAX_STATS stats (then Truncated). A stat counts when the line
 * it was rolled up on (its LineId, the line the sync followed into the latest approved version) is
 * one of the report's lines, so the campaign rows are exactly what the line rollups of those lines
 * hold, split by campaign; an unmapped campaign is on no line, in no activity, and not in the report.
 */

/** Stored stats one campaign report reads at most (about 50 MB of items). */
export const REPORT_MAX_STATS = 200_000;
/** Ad accounts one campaign report reads at most. */
export const REPORT_MAX_AD_ACCOUNTS = 500;
const PARALLEL = 8;

/** One campaign's stats on one line of the report, as day rows (in the stats' own currencies). */
export interface CampaignStats {
  key: string;
  platform: ConnectorType;
  externalAccountId: string;
  campaignId: string;
  /** The campaign's name on its latest day read. */
  name: string;
  lineId: number;
  rows: ActualDay[];
}

export interface CampaignRead {
  campaigns: CampaignStats[];
  statsRead: number;
  adAccountsRead: number;
  truncated: boolean;
}

const dayRow = (s: StoredStat): ActualDay => ({
  Period: s.Date,
  Currency: s.Currency,
  Impressions: s.Impressions,
  Clicks: s.Clicks,
  SpendMicros: s.SpendMicros,
  ConversionsMilli: s.ConversionsMilli,
  ConversionValueMicros: s.ConversionValueMicros,
  VideoViews: s.VideoViews,
});

/**
 * The stats of the campaigns on `lineIds` over [from, to], read from the ad accounts linked to the
 * main accounts `mainIds` or their sub-accounts, grouped per campaign and line.
 */
export async function readCampaignStats(
  companyId: number,
  mainIds: ReadonlySet<number>,
  lineIds: ReadonlySet<number>,
  from: CalendarDay,
  to: CalendarDay,
): Promise<CampaignRead> {
  if (!lineIds.size) return { campaigns: [], statsRead: 0, adAccountsRead: 0, truncated: false };
  const links = await listExternalLinks(companyId);
  const linkedIds = [...new Set(links.map((l) => l.AccountId))];
  const accounts = linkedIds.length ? await getAccounts(companyId, linkedIds) : [];
  const mainOf = new Map(accounts.map((a) => [a.ID, a.ParentId ?? a.ID]));
  const feeding = links
    .filter((l) => mainIds.has(mainOf.get(l.AccountId) ?? -1))
    .sort(
      (a, b) =>
        a.ConnectorType.localeCompare(b.ConnectorType) || a.ExternalAccountId.localeCompare(b.ExternalAccountId),
    );
  const read = feeding.slice(0, REPORT_MAX_AD_ACCOUNTS);

  let statsRead = 0;
  let cut = feeding.length > read.length;
  const byKey = new Map<string, CampaignStats>();
  await inParallel(
    read,
    async (link) => {
      const type = link.ConnectorType as ConnectorType;
      for await (const page of readStats(companyId, type, link.ExternalAccountId, from, to, false)) {
        statsRead += page.length;
        for (const s of page) {
          if (s.LineId === undefined || !lineIds.has(s.LineId)) continue;
          const key = `${type}|${link.ExternalAccountId}|${s.CampaignId}|${s.LineId}`;
          let c = byKey.get(key);
          if (!c)
            byKey.set(
              key,
              (c = {
                key,
                platform: type,
                externalAccountId: link.ExternalAccountId,
                campaignId: s.CampaignId,
                name: s.CampaignName,
                lineId: s.LineId,
                rows: [],
              }),
            );
          // Days come in order within an ad account: the last one read names the campaign.
          c.name = s.CampaignName || c.name;
          c.rows.push(dayRow(s));
        }
        if (statsRead >= REPORT_MAX_STATS) {
          cut = true;
          break;
        }
      }
    },
    PARALLEL,
  );
  return { campaigns: [...byKey.values()], statsRead, adAccountsRead: read.length, truncated: cut };
}
