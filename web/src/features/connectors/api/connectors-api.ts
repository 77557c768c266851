import type {
  AccountConnector,
  AgentConnector,
  CampaignView,
  GlobalConnector,
} from '@server/modules/connectors/replies/connectors';
import type { LineActuals, LineActualsTotal, MappableLine } from '@server/modules/connectors/replies/campaign-mapping';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { AccountConnector, AgentConnector, CampaignView, GlobalConnector };
export type { LineActuals, LineActualsTotal, MappableLine };
export type AgentConnectorPayload = RequestOf<'ConnectorsService', 'SaveAgentConnector'>['agentConnector'];
export type AccountConnectorPayload = RequestOf<'ConnectorsService', 'SaveAccountConnector'>['accountConnector'];
export type CampaignsFilter = RequestOf<'ConnectorsService', 'GetCampaignsList'>;

/** Global connectors: platform settings, no account. */
export const fetchGlobalConnectors = (signal?: AbortSignal) =>
  callApi('ConnectorsService', 'GetGlobalConnectorsList', {}, { signal });
export const saveGlobalConnector = (connector: { ID: number; Name: string; Active: boolean; version: number }) =>
  callApi('ConnectorsService', 'SaveGlobalConnector', { connector });

/** A company's connections: company settings, no account. */
export const fetchAgentConnectors = (signal?: AbortSignal) =>
  callApi('ConnectorsService', 'GetAgentConnectorsList', { archived: false }, { signal });
export const saveAgentConnector = (agentConnector: AgentConnectorPayload) =>
  callApi('ConnectorsService', 'SaveAgentConnector', { agentConnector });
export const deleteAgentConnector = (agentConnectorId: number) =>
  callApi('ConnectorsService', 'DeleteAgentConnector', { agentConnectorId });
export const testAgentConnection = (agentConnectorId: number) =>
  callApi('ConnectorsService', 'TestAgentConnection', { agentConnectorId });

/** An account's links: the page's account goes in x-account-id. */
export const fetchAccountConnectors = (accountId: number, signal?: AbortSignal) =>
  callApi('ConnectorsService', 'GetAccountConnectorsList', {}, { accountId, signal });
export const saveAccountConnector = (accountId: number, accountConnector: AccountConnectorPayload) =>
  callApi('ConnectorsService', 'SaveAccountConnector', { accountConnector }, { accountId });
/** What the dialog's unsaved naming rule would map (a read; nothing is saved). */
export const previewNamingRule = (accountId: number, accountConnector: AccountConnectorPayload) =>
  callApi('ConnectorsService', 'PreviewNamingRule', { accountConnector }, { accountId });
export const deleteAccountConnector = (accountId: number, accountConnectorId: number) =>
  callApi('ConnectorsService', 'DeleteAccountConnector', { accountConnectorId }, { accountId });

export const fetchCampaigns = (filter: CampaignsFilter, signal?: AbortSignal) =>
  callApi('ConnectorsService', 'GetCampaignsList', filter, { signal });
/** One campaign (the page's account scopes it): the campaigns screen opens its line picker when a link names it (`?campaign=`). */
export const fetchCampaignInfo = (campaignId: number, accountId: number | undefined, signal?: AbortSignal) =>
  callApi('AccountsService', 'GetCampaignInfo', { campaignId }, { accountId, signal });
export const saveCampaignMapping = (ID: number, LineId: number | null, version: number) =>
  callApi('AccountsService', 'SaveCampaign', { globalCampaign: { ID, MediaChannelId: LineId, version } });

/** The plan lines a campaign of an account may be mapped to (its main account's; the campaign's account goes in x-account-id). */
export const fetchMappableLines = (accountId: number, signal?: AbortSignal) =>
  callApi('ConnectorsService', 'GetMappableLines', {}, { accountId, signal });
