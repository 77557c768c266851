import {
  accountConnectorIdInput,
  agentConnectorIdInput,
  campaignIdInput,
  getAccountConnectorsList,
  getAgentConnectorsList,
  getCampaignsList,
  getGlobalConnectorsList,
  previewNamingRule,
  saveAccountConnector,
  saveAgentConnector,
  saveCampaign,
  saveGlobalConnector,
} from './schemas/connectors';
import type {
  AccountConnector,
  AccountConnectorsList,
  AgentConnector,
  AgentConnectorsList,
  CampaignView,
  GlobalConnector,
  NamingRulePreview,
  SavedAccountConnector,
} from './replies/connectors';
import type { ListOf, Page } from '../../shared/replies/reply';
import type { SyncNowReply } from './replies/sync';
import { getCsvImport, getCsvUploadUrl, importCampaignStatsCsv } from './schemas/csv-imports';
import type { CsvImportView, CsvUpload } from './replies/csv-imports';
import { getLineActuals, getMappableLines } from './schemas/campaign-mapping';
import type { LineActuals, MappableLine } from './replies/campaign-mapping';
import { replyOf, route } from '../../kit/route';

/**
 * ConnectorsService: global connectors (system admins), a company's agent connectors
 * (GeneralSettings; credentials write-only), account connectors (staff, in an account) and the
 * campaigns list. The campaign info and mapping calls are AccountsService's (the API names them
 * there).
 */
export const getGlobalConnectorsListRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetGlobalConnectorsList',
  access: 'read',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: getGlobalConnectorsList,
  reply: replyOf<ListOf<GlobalConnector>>,
  summary: 'The platform types Mixdesk can read (seeded), with the credential fields each needs and Active',
});

export const saveGlobalConnectorRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'SaveGlobalConnector',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: saveGlobalConnector,
  reply: replyOf<GlobalConnector>,
  summary: "A global connector's Name and Active",
});

export const getAgentConnectorsListRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetAgentConnectorsList',
  access: 'read',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: getAgentConnectorsList,
  reply: replyOf<AgentConnectorsList>,
  summary:
    "The company's connections to the platforms (never their credentials: which fields are set), and the connectors a new one may use",
});

export const saveAgentConnectorRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'SaveAgentConnector',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: saveAgentConnector,
  reply: replyOf<AgentConnector>,
  summary: 'Creates (ID <= 0) or updates a connection; credentials are write-only (to the credential store)',
});

export const deleteAgentConnectorRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'DeleteAgentConnector',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: agentConnectorIdInput,
  reply: replyOf<AgentConnector>,
  summary: 'Archives a connection no account connector uses and deletes its credentials',
});

export const testAgentConnectionRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'TestAgentConnection',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: agentConnectorIdInput,
  reply: replyOf<AgentConnector>,
  summary:
    "Asks the platform which ad accounts the credentials see; records OK / NoAccess / Error with the platform's reason",
});

export const getAccountConnectorsListRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetAccountConnectorsList',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: getAccountConnectorsList,
  reply: replyOf<AccountConnectorsList>,
  summary:
    "The page's account's (and its sub-accounts') links to external ad accounts, and the company's connections to choose from (no credentials)",
});

export const saveAccountConnectorRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'SaveAccountConnector',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveAccountConnector,
  reply: replyOf<SavedAccountConnector>,
  summary:
    'Links the account (or a sub-account) to external ad accounts its agent connector sees, with an optional naming rule (RE2)',
});

export const previewNamingRuleRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'PreviewNamingRule',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: previewNamingRule,
  reply: replyOf<NamingRulePreview>,
  summary:
    "An unsaved link's naming rule evaluated (RE2) over the campaigns of the ad accounts it would hold: the line each would map to, or why not (the first 200 by name, and the total)",
});

export const deleteAccountConnectorRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'DeleteAccountConnector',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: accountConnectorIdInput,
  reply: replyOf<AccountConnector>,
  summary: 'Archives a link; its external ad accounts may be linked elsewhere',
});

export const getCampaignsListRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetCampaignsList',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: getCampaignsList,
  reply: replyOf<Page<CampaignView>>,
  summary: 'Campaigns discovered on the platforms, by account, platform, mapped/unmapped; paged',
});

export const getMappableLinesRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetMappableLines',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: getMappableLines,
  reply: replyOf<ListOf<MappableLine>>,
  summary:
    "The plan lines a campaign of the page's account may be mapped to: each live activity of its main account with the lines of its latest approved version, else its latest version",
});

export const getLineActualsRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetLineActuals',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: getLineActuals,
  reply: replyOf<ListOf<LineActuals>>,
  summary:
    "Plan lines' actuals to date (spend, impressions, clicks, conversions by currency) from the sync's line rollups; lines of the page's main account",
});

export const getCsvUploadUrlRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetCsvUploadUrl',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: getCsvUploadUrl,
  reply: replyOf<CsvUpload>,
  summary:
    'A pre-signed POST for a CSV file of the daily grain for a CSV upload connection (413 over the size limit), named by a new import id',
});

export const importCampaignStatsCsvRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'ImportCampaignStatsCsv',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  acceptedWhen: { Status: 'Running' },
  input: importCampaignStatsCsv,
  reply: replyOf<CsvImportView>,
  summary:
    'Checks the uploaded CSV whole (every bad line refused, unlinked ad accounts named: nothing written) and writes its daily stats and rollups as a sync does; a file over 2,000 rows is written by a job: 202 with the run to poll (GetCsvImport)',
});

export const getCsvImportRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'GetCsvImport',
  access: 'read',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: getCsvImport,
  reply: replyOf<CsvImportView>,
  summary: 'A CSV import as it stands: its phase, rows written of the total, and its outcome',
});

export const syncAgentConnectorNowRoute = /* @__PURE__ */ route({
  service: 'ConnectorsService',
  method: 'SyncAgentConnectorNow',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: agentConnectorIdInput,
  reply: replyOf<SyncNowReply>,
  summary:
    'Sync now: queues a sync of every ad account linked to the connection (as the daily sync does); refused while its last Sync now is under way',
});

export const CONNECTORS_SERVICE_ROUTES = [
  getGlobalConnectorsListRoute,
  saveGlobalConnectorRoute,
  getAgentConnectorsListRoute,
  saveAgentConnectorRoute,
  deleteAgentConnectorRoute,
  testAgentConnectionRoute,
  getAccountConnectorsListRoute,
  saveAccountConnectorRoute,
  previewNamingRuleRoute,
  deleteAccountConnectorRoute,
  getCampaignsListRoute,
  getCsvUploadUrlRoute,
  importCampaignStatsCsvRoute,
  getCsvImportRoute,
  getMappableLinesRoute,
  getLineActualsRoute,
  syncAgentConnectorNowRoute,
] as const;

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const getCampaignInfoRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetCampaignInfo',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: campaignIdInput,
  reply: replyOf<CampaignView>,
  summary:
    'A platform campaign and the plan line it is mapped to (explicitly or by the naming rule), followed into the latest approved version',
});

export const saveCampaignRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveCampaign',
  access: 'write',
  requires: 'staff',
  accountScope: 'optional',
  input: saveCampaign,
  reply: replyOf<CampaignView>,
  summary:
    'globalCampaign: maps a campaign to a plan line of its account explicitly (MediaChannelId), or clears it (null: the naming rule applies)',
});

export const CAMPAIGN_ROUTES = [getCampaignInfoRoute, saveCampaignRoute] as const;
