import type { output } from 'zod/mini';
import { listAgentConnectors } from '../connectors';
import { latestRunsOf, listLiveActivities, listSyncStates, platformsWithData, syncRunsPage } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { getDataHealth, getSyncRuns } from './schemas';
import { addDaysTo } from '../../shared/calendar';
import type { ConnectorTypeName } from '../../shared/connectors';
import { hoursSince, NO_DATA_DAYS } from '../../shared/monitoring';
import type { ConnectorHealth, DataHealth, ExternalAccountHealth, MissingDataRow, SyncRunsPage } from './replies';
import { companyToday, inBatches, linkKey, scopeOf, type Scope } from './monitoring-scope';

/**
 * System monitoring: can the company trust its data? Three reads over what the sync
 * records — each agent connector's health with its linked ad accounts' sync states and last runs,
 * the runs themselves, and the spend that no plan line owns — limited to the accounts the caller may
 * see (an ad account belongs to the account its account connector links it to; one linked to none is
 * seen by callers who see every account). With x-account-id, to that account and its sub-accounts.
 * Retry is ConnectorsService.SyncAgentConnectorNow (the console calls it). The spend no plan line
 * owns: unmapped-campaigns.ts.
 */

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
