import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { useApiMutation, type RouteReads } from '../../../lib/api-mutation';
import {
  deleteAccountConnector,
  deleteAgentConnector,
  fetchAccountConnectors,
  fetchAgentConnectors,
  fetchCampaignInfo,
  fetchCampaigns,
  fetchGlobalConnectors,
  fetchMappableLines,
  saveAccountConnector,
  saveAgentConnector,
  saveCampaignMapping,
  saveGlobalConnector,
  testAgentConnection,
  type AccountConnectorPayload,
  type CampaignsFilter,
} from './connectors-api';

/** The connector screens' reads (TanStack Query) and writes, each write invalidating the lists it changes. */
export const connectorQueries = {
  globals: () =>
    apiQuery(queryKeyOf('ConnectorsService', 'GetGlobalConnectorsList', {}), (signal) => fetchGlobalConnectors(signal)),
  agents: () =>
    apiQuery(queryKeyOf('ConnectorsService', 'GetAgentConnectorsList', { archived: false }), (signal) =>
      fetchAgentConnectors(signal),
    ),
  accountLinks: (accountId: number) =>
    apiQuery(queryKeyOf('ConnectorsService', 'GetAccountConnectorsList', {}, accountId), (signal) =>
      fetchAccountConnectors(accountId, signal),
    ),
  campaigns: (filter: CampaignsFilter) =>
    apiQuery(queryKeyOf('ConnectorsService', 'GetCampaignsList', filter), (signal) => fetchCampaigns(filter, signal)),
  campaign: (campaignId: number, accountId?: number) =>
    apiQuery(queryKeyOf('AccountsService', 'GetCampaignInfo', { campaignId }, accountId), (signal) =>
      fetchCampaignInfo(campaignId, accountId, signal),
    ),
  mappableLines: (accountId: number) =>
    apiQuery(queryKeyOf('ConnectorsService', 'GetMappableLines', {}, accountId), (signal) =>
      fetchMappableLines(accountId, signal),
    ),
};

const GLOBALS: readonly RouteReads[] = [
  ['ConnectorsService', 'GetGlobalConnectorsList'],
  ['ConnectorsService', 'GetAgentConnectorsList'],
];
const AGENTS: readonly RouteReads[] = [['ConnectorsService', 'GetAgentConnectorsList']];
const LINKS: readonly RouteReads[] = [
  ['ConnectorsService', 'GetAccountConnectorsList'],
  ['ConnectorsService', 'GetCampaignsList'],
];
const CAMPAIGNS: readonly RouteReads[] = [
  ['ConnectorsService', 'GetCampaignsList'],
  ['ConnectorsService', 'GetLineActuals'],
];

export function useConnectorWrites() {
  return {
    saveGlobal: useApiMutation(saveGlobalConnector, GLOBALS),
    saveAgent: useApiMutation(saveAgentConnector, AGENTS),
    deleteAgent: useApiMutation(deleteAgentConnector, AGENTS),
    testAgent: useApiMutation(testAgentConnection, AGENTS),
    saveLink: useApiMutation(
      (v: { accountId: number; link: AccountConnectorPayload }) => saveAccountConnector(v.accountId, v.link),
      LINKS,
    ),
    deleteLink: useApiMutation(
      (v: { accountId: number; id: number }) => deleteAccountConnector(v.accountId, v.id),
      LINKS,
    ),
    mapCampaign: useApiMutation(
      (v: { id: number; lineId: number | null; version: number }) => saveCampaignMapping(v.id, v.lineId, v.version),
      CAMPAIGNS,
    ),
  };
}
