import type { output } from 'zod/mini';
import { listCampaigns, type ExternalLink } from '../connectors';
import type { UserProfile } from '../tenancy';
import type { UnmappedStat } from './store';
import { readUnmappedStats } from './store.dynamodb';
import type { getUnmappedCampaigns } from './schemas';
import { addDaysTo } from '../../shared/calendar';
import { UNMAPPED_DAYS } from '../../shared/monitoring';
import type { UnmappedCampaign, UnmappedCampaigns } from './replies';
import { companyToday, inBatches, scopeOf, type Scope } from './monitoring-scope';

/**
 * How much of the daily grain one GetUnmappedCampaigns reads at most (stat items, mapped ones
 * included: DynamoDB filters after reading). Past it, the ad accounts not yet read are left out and
 * the reply says Truncated. 30 days × 1,000 campaigns of 10 ad accounts, well inside the API's 29 s.
 */
export const UNMAPPED_READ_BUDGET = 300_000;
/** The most rows the reply lists (the largest spends). */
export const UNMAPPED_MAX_ROWS = 1000;

/** The stats without LineId of each link's window, 8 ad accounts at a time, until UNMAPPED_READ_BUDGET is read. */
async function readUnmappedOf(
  companyId: number,
  links: readonly ExternalLink[],
  from: string,
  to: string,
): Promise<{ byLink: Map<ExternalLink, UnmappedStat[]>; accountsRead: number }> {
  let scanned = 0;
  let accountsRead = 0;
  const byLink = new Map<ExternalLink, UnmappedStat[]>();
  await inBatches(links, 8, async (l) => {
    if (scanned >= UNMAPPED_READ_BUDGET) return;
    const read = await readUnmappedStats(companyId, l.ConnectorType, l.ExternalAccountId, from, to);
    scanned += read.scanned;
    accountsRead++;
    if (read.stats.length) byLink.set(l, read.stats);
  });
  return { byLink, accountsRead };
}

interface CampaignSum {
  /** The latest day's stat: its name is the campaign's. */
  s: UnmappedStat;
  spend: number;
  impressions: number;
  clicks: number;
  days: Set<string>;
  last: string;
}

/** One ad account's stats summed per campaign and currency. */
function sumsPerCampaign(stats: readonly UnmappedStat[]): Map<string, CampaignSum> {
  const sums = new Map<string, CampaignSum>();
  for (const s of stats) {
    const key = `${s.CampaignId}#${s.Currency}`;
    const e = sums.get(key);
    if (!e)
      sums.set(key, {
        s,
        spend: s.SpendMicros,
        impressions: s.Impressions,
        clicks: s.Clicks,
        days: new Set([s.Date]),
        last: s.Date,
      });
    else {
      e.spend += s.SpendMicros;
      e.impressions += s.Impressions;
      e.clicks += s.Clicks;
      e.days.add(s.Date);
      if (s.Date >= e.last) {
        e.last = s.Date;
        e.s = s; // the latest name
      }
    }
  }
  return sums;
}

/** The campaigns of one ad account that spent, each a row of the reply (its stored campaign's id and name when known). */
async function unmappedRowsOf(
  companyId: number,
  scope: Scope,
  link: ExternalLink,
  stats: readonly UnmappedStat[],
): Promise<UnmappedCampaign[]> {
  const sums = sumsPerCampaign(stats);
  const spent = [...sums.values()].filter((e) => e.spend > 0);
  if (!spent.length) return [];
  const stored = new Map(
    (await listCampaigns(companyId, link.ConnectorType, link.ExternalAccountId)).map((c) => [c.ExternalCampaignId, c]),
  );
  const account = scope.accounts.get(link.AccountId)!;
  return spent.map((e) => {
    const c = stored.get(e.s.CampaignId);
    return {
      CampaignId: c?.ID ?? null,
      ExternalCampaignId: e.s.CampaignId,
      Name: c?.Name ?? e.s.CampaignName,
      ConnectorType: link.ConnectorType,
      ExternalAccountId: link.ExternalAccountId,
      AccountId: account.ID,
      AccountName: account.Name,
      Currency: e.s.Currency,
      Spend: e.spend / 1e6,
      Impressions: e.impressions,
      Clicks: e.clicks,
      Days: e.days.size,
      LastDay: e.last,
    };
  });
}

/**
 * MonitoringService.GetUnmappedCampaigns: spend no plan line owns. The sync stores an unmapped
 * campaign's stats without LineId and rolls them up nowhere, so there is no rollup to read: this
 * reads the window of each visible linked ad account's stat partition (8 at a time), keeps the
 * stats without LineId and sums them per campaign and currency, bounded by UNMAPPED_READ_BUDGET.
 * Ad accounts no longer linked to an account are not read (nobody's plan could own them).
 */
export async function unmappedCampaignsFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getUnmappedCampaigns>,
): Promise<UnmappedCampaigns> {
  const companyId = caller.companyId;
  const days = input.days ?? UNMAPPED_DAYS.default;
  const to = await companyToday(companyId);
  const from = addDaysTo(to, -(days - 1));
  const scope = await scopeOf(caller, scopeAccountId);
  const links = [...scope.links.values()]
    .filter(
      (l) =>
        (!input.connectorType || l.ConnectorType === input.connectorType) &&
        scope.sees(scope.accounts.get(l.AccountId)),
    )
    .sort(
      (a, b) =>
        a.ConnectorType.localeCompare(b.ConnectorType) || a.ExternalAccountId.localeCompare(b.ExternalAccountId),
    );

  const { byLink, accountsRead } = await readUnmappedOf(companyId, links, from, to);
  const items: UnmappedCampaign[] = [];
  for (const [link, stats] of byLink) {
    for (const row of await unmappedRowsOf(companyId, scope, link, stats)) items.push(row);
  }
  items.sort(
    (a, b) =>
      b.Spend - a.Spend || a.Name.localeCompare(b.Name) || a.ExternalCampaignId.localeCompare(b.ExternalCampaignId),
  );
  return {
    Items: items.slice(0, UNMAPPED_MAX_ROWS),
    From: from,
    To: to,
    AccountsRead: accountsRead,
    Truncated: accountsRead < links.length || items.length > UNMAPPED_MAX_ROWS,
  };
}
