import type { output } from 'zod/mini';
import { getAccounts, type Account } from '../tenancy';
import { listAgentConnectors, listExternalLinks, type ExternalLink } from '../connectors';
import { listCampaigns } from '../connectors';
import {
  latestRunsOf,
  listLiveActivities,
  listSyncStates,
  platformsWithData,
  readUnmappedStats,
  syncRunsPage,
  type UnmappedStat,
} from './store';
import type { UserProfile } from '../tenancy';
import type { getDataHealth, getSyncRuns, getUnmappedCampaigns } from './schemas';
import { addDaysTo } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import type { ConnectorTypeName } from '../../shared/connectors';
import { hoursSince, NO_DATA_DAYS, UNMAPPED_DAYS } from '../../shared/monitoring';
import type {
  ConnectorHealth,
  DataHealth,
  ExternalAccountHealth,
  MissingDataRow,
  SyncRunsPage,
  UnmappedCampaign,
  UnmappedCampaigns,
} from './replies';
import { maySeeAccount } from '../tenancy';
import { getCompanyConfiguration } from '../configurations';

/**
 * System monitoring: can the company trust its data? Three reads over what the sync
 * records — each agent connector's health with its linked ad accounts' sync states and last runs,
 * the runs themselves, and the spend that no plan line owns — limited to the accounts the caller may
 * see (an ad account belongs to the account its account connector links it to; one linked to none is
 * seen by callers who see every account). With x-account-id, to that account and its sub-accounts.
 * Retry is ConnectorsService.SyncAgentConnectorNow (the console calls it).
 */

/** Who sees what: the company's links and their accounts, and the caller's reach. */
interface Scope {
  links: Map<string, ExternalLink>;
  accounts: Map<number, Account>;
  /** May the caller see this account (and is it inside the request's account, if one was sent)? */
  sees(account: Account | undefined): boolean;
  /** May the caller see an ad account linked to no account? */
  seesUnlinked: boolean;
}

const linkKey = (type: string, ext: string) => `${type}#${ext}`;

async function scopeOf(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  moreAccountIds: number[] = [],
): Promise<Scope> {
  const links = await listExternalLinks(caller.companyId);
  const ids = [...new Set([...links.map((l) => l.AccountId), ...moreAccountIds])];
  let accounts = ids.length ? await getAccounts(caller.companyId, ids) : [];
  // Sub-accounts are seen through their main account (maySeeAccount) and named with it: load the mains too.
  const mains = [
    ...new Set(accounts.map((a) => a.ParentId).filter((p): p is number => p !== null && !ids.includes(p))),
  ];
  if (mains.length) accounts = [...accounts, ...(await getAccounts(caller.companyId, mains))];
  return {
    links: new Map(links.map((l) => [linkKey(l.ConnectorType, l.ExternalAccountId), l])),
    accounts: new Map(accounts.map((a) => [a.ID, a])),
    sees: (a) =>
      !!a &&
      maySeeAccount(caller, a) &&
      (scopeAccountId === undefined || a.ID === scopeAccountId || a.ParentId === scopeAccountId),
    seesUnlinked: caller.accountAccess === 'all' && scopeAccountId === undefined,
  };
}

const companyToday = async (companyId: number) => todayIn((await getCompanyConfiguration(companyId)).TimeZone);

/** MonitoringService.GetDataHealth. */
export async function dataHealthFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getDataHealth>,
): Promise<DataHealth> {
  const companyId = caller.companyId;
  const noDataDays = input.noDataDays ?? NO_DATA_DAYS.default;
  const now = Date.now();
  const today = await companyToday(companyId);
  const [agents, states, live] = await Promise.all([
    listAgentConnectors(companyId),
    listSyncStates(companyId),
    listLiveActivities(companyId, today),
  ]);
  const scope = await scopeOf(
    caller,
    scopeAccountId,
    live.flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])]),
  );

  // Connectors: the linked ad accounts the caller sees, each with its sync state and last run.
  const visibleLinks = [...scope.links.values()].filter((l) => scope.sees(scope.accounts.get(l.AccountId)));
  const stateOf = new Map(states.map((s) => [`${s.AgentConnectorId}#${s.ExternalAccountId}`, s]));
  const runs = await latestRunsOf(
    companyId,
    new Set(visibleLinks.map((l) => `${l.AgentConnectorId}#${l.ExternalAccountId}`)),
  );
  const connectors: ConnectorHealth[] = [];
  for (const agent of agents) {
    if (agent.Archived) continue;
    const links = visibleLinks.filter((l) => l.AgentConnectorId === agent.ID);
    if (!links.length && !scope.seesUnlinked) continue;
    const accounts = links
      .map((l): ExternalAccountHealth => {
        const key = `${l.AgentConnectorId}#${l.ExternalAccountId}`;
        const state = stateOf.get(key);
        const run = runs.get(key);
        const account = scope.accounts.get(l.AccountId)!;
        const lastSyncAt = state?.LastSyncAt ?? null;
        const failed = state && state.Status !== 'OK' && state.Status !== 'Running';
        return {
          ExternalAccountId: l.ExternalAccountId,
          Name: agent.ExternalAccounts.find((e) => e.ExternalAccountId === l.ExternalAccountId)?.Name ?? '',
          AccountId: account.ID,
          AccountName: account.Name,
          Status: state?.Status ?? 'Never',
          LastSyncAt: lastSyncAt,
          FreshnessHours: hoursSince(lastSyncAt, now),
          RowsLastRun: run ? run.RowsRead : null,
          LastRunAt: run?.StartedAt ?? null,
          LastError: failed ? (state.LastError ?? '') : '',
        };
      })
      .sort(
        (a, b) => a.AccountName.localeCompare(b.AccountName) || a.ExternalAccountId.localeCompare(b.ExternalAccountId),
      );
    const hours = accounts.map((a) => a.FreshnessHours);
    connectors.push({
      AgentConnectorId: agent.ID,
      Name: agent.Name,
      ConnectorType: agent.ConnectorType,
      Status: agent.Status,
      LastError: agent.Status === 'OK' ? '' : agent.LastError,
      LastSyncAt: agent.LastSyncAt,
      FreshnessHours: hours.length && hours.every((h) => h !== null) ? Math.max(...(hours as number[])) : null,
      ExternalAccounts: accounts,
    });
  }
  connectors.sort((a, b) => a.Name.localeCompare(b.Name) || a.AgentConnectorId - b.AgentConnectorId);

  return {
    Connectors: connectors,
    MissingData: await missingData(companyId, scope, live, today, noDataDays),
    NoDataDays: noDataDays,
    AsOf: new Date(now).toISOString(),
  };
}

/**
 * Live activities whose (main) account has no actuals from a platform it is linked to in the last
 * `days` days (its account rollups, by the platform in their sort keys), or is linked to no platform.
 * One projected Query per main account with a live activity the caller sees.
 */
async function missingData(
  companyId: number,
  scope: Scope,
  live: Awaited<ReturnType<typeof listLiveActivities>>,
  today: string,
  days: number,
): Promise<MissingDataRow[]> {
  const visible = live.filter((a) => scope.sees(scope.accounts.get(a.SubAccountId ?? a.AccountId)));
  const platformsOf = new Map<number, Set<ConnectorTypeName>>();
  for (const l of scope.links.values()) {
    const a = scope.accounts.get(l.AccountId);
    if (!a) continue;
    const main = a.ParentId ?? a.ID;
    platformsOf.set(main, (platformsOf.get(main) ?? new Set()).add(l.ConnectorType));
  }
  const mains = [...new Set(visible.map((a) => a.AccountId))].filter((m) => platformsOf.has(m));
  const withData = new Map<number, Set<string>>();
  const from = addDaysTo(today, -days);
  await inBatches(mains, 16, async (main) => {
    withData.set(main, await platformsWithData(companyId, main, from, today));
  });
  const rows: MissingDataRow[] = [];
  for (const act of visible) {
    const account = scope.accounts.get(act.SubAccountId ?? act.AccountId) ?? scope.accounts.get(act.AccountId);
    const base = {
      ActivityId: act.ID,
      ActivityName: act.Name,
      AccountId: account?.ID ?? act.AccountId,
      AccountName: account?.Name ?? '',
    };
    const linked = platformsOf.get(act.AccountId);
    if (!linked) {
      rows.push({ ...base, ConnectorType: null });
      continue;
    }
    const seen = withData.get(act.AccountId) ?? new Set();
    for (const type of [...linked].sort()) if (!seen.has(type)) rows.push({ ...base, ConnectorType: type });
  }
  return rows.sort(
    (a, b) =>
      a.AccountName.localeCompare(b.AccountName) ||
      a.ActivityName.localeCompare(b.ActivityName) ||
      a.ActivityId - b.ActivityId,
  );
}

/** MonitoringService.GetSyncRuns. */
export async function syncRunsFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getSyncRuns>,
): Promise<SyncRunsPage> {
  const [scope, agents] = await Promise.all([scopeOf(caller, scopeAccountId), listAgentConnectors(caller.companyId)]);
  const names = new Map(agents.map((a) => [a.ID, a.Name]));
  const accountOf = (type: string, ext: string) => {
    const link = scope.links.get(linkKey(type, ext));
    return link ? scope.accounts.get(link.AccountId) : undefined;
  };
  const page = await syncRunsPage(
    caller.companyId,
    { agentConnectorId: input.agentConnectorId, status: input.status },
    input.pageSize ?? 50,
    input.nextToken,
    (run) => {
      const link = scope.links.get(linkKey(run.ConnectorType, run.ExternalAccountId));
      return link ? scope.sees(scope.accounts.get(link.AccountId)) : scope.seesUnlinked;
    },
  );
  return {
    Items: page.items.map((r) => ({
      RunId: r.RunId,
      AgentConnectorId: r.AgentConnectorId,
      AgentConnectorName: names.get(r.AgentConnectorId) ?? '',
      ConnectorType: r.ConnectorType,
      ExternalAccountId: r.ExternalAccountId,
      AccountId: accountOf(r.ConnectorType, r.ExternalAccountId)?.ID ?? null,
      StartedAt: r.StartedAt,
      EndedAt: r.EndedAt ?? null,
      DurationSeconds: r.EndedAt
        ? Math.max(0, Math.round((Date.parse(r.EndedAt) - Date.parse(r.StartedAt)) / 1000))
        : null,
      From: r.From,
      To: r.To,
      RowsRead: r.RowsRead,
      RowsWritten: r.RowsWritten,
      Status: r.Status,
      Error: r.Error ?? '',
    })),
    NextToken: page.nextToken,
  };
}

/**
 * How much of the daily grain one GetUnmappedCampaigns reads at most (stat items, mapped ones
 * included: DynamoDB filters after reading). Past it, the ad accounts not yet read are left out and
 * the reply says Truncated. 30 days × 1,000 campaigns of 10 ad accounts, well inside the API's 29 s.
 */
export const UNMAPPED_READ_BUDGET = 300_000;
/** The most rows the reply lists (the largest spends). */
export const UNMAPPED_MAX_ROWS = 1000;

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

  const items: UnmappedCampaign[] = [];
  for (const [link, stats] of byLink) {
    const sums = new Map<
      string,
      { s: UnmappedStat; spend: number; impressions: number; clicks: number; days: Set<string>; last: string }
    >();
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
    const spent = [...sums.values()].filter((e) => e.spend > 0);
    if (!spent.length) continue;
    const stored = new Map(
      (await listCampaigns(companyId, link.ConnectorType, link.ExternalAccountId)).map((c) => [
        c.ExternalCampaignId,
        c,
      ]),
    );
    const account = scope.accounts.get(link.AccountId)!;
    for (const e of spent) {
      const c = stored.get(e.s.CampaignId);
      items.push({
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
      });
    }
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

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
