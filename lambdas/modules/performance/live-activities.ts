import { getAccounts, type Account } from '../tenancy';
import { companySyncSettings, listAgentConnectors, listExternalLinks } from '../connectors';
import { companyToday } from '../media-plans';
import { listLiveActivities } from '../monitoring';
import { cachedConfiguration } from '../configurations';

/**
 * What pacing a company's live activities starts from (GetPacingAlerts and the pacing digest): its
 * settings, links and agent connectors, today, the live activities, and the accounts of those
 * activities and links with the main accounts of sub-accounts.
 */
export async function liveActivitiesWithAccounts(companyId: number) {
  const [config, sync, links, agents] = await Promise.all([
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
    listExternalLinks(companyId),
    listAgentConnectors(companyId),
  ]);
  const today = companyToday(config);
  const live = await listLiveActivities(companyId, today);
  const ids = new Set<number>([
    ...live.flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])]),
    ...links.map((l) => l.AccountId),
  ]);
  let accountList = ids.size ? await getAccounts(companyId, [...ids]) : [];
  const mains = [...new Set(accountList.map((a) => a.ParentId).filter((p): p is number => p !== null && !ids.has(p)))];
  if (mains.length) accountList = [...accountList, ...(await getAccounts(companyId, mains))];
  const accounts = new Map<number, Account>(accountList.map((a) => [a.ID, a]));
  return { config, sync, links, agents, today, live, accountList, accounts };
}

export type LiveBasis = Awaited<ReturnType<typeof liveActivitiesWithAccounts>>;
