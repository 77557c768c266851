/**
 * The connector catalogue both sides know (docs/domain.md): the platform types
 * Mixdesk reads and the credential fields each needs. SDK-free: the console imports it to build the
 * credentials dialog, the API to check a save. The platform clients (lambdas/modules/connectors/) read the
 * same field names (PlatformCredentials).
 */
import { CONNECTOR_TYPES, type ConnectorType } from './connector-platforms';

/** The connector types (connector-platforms.ts, derived from the platform registry). */
export const CONNECTOR_TYPE_NAMES = CONNECTOR_TYPES;
export type ConnectorTypeName = ConnectorType;

export const CREDENTIAL_FIELD_NAMES = [
  'refreshToken',
  'accessToken',
  'clientId',
  'clientSecret',
  'loginCustomerId',
] as const;
export type CredentialFieldName = (typeof CREDENTIAL_FIELD_NAMES)[number];

export interface CredentialFieldSpec {
  Name: CredentialFieldName;
  Required: boolean;
}

export interface ConnectorSeed {
  ID: number;
  Type: ConnectorTypeName;
  Name: string;
  CredentialFields: CredentialFieldSpec[];
}

const req = (Name: CredentialFieldName): CredentialFieldSpec => ({ Name, Required: true });
const opt = (Name: CredentialFieldName): CredentialFieldSpec => ({ Name, Required: false });

/** The seeded global connectors (ids fixed: 1–4). Their Name and Active are a system admin's to change. */
export const CONNECTOR_SEEDS: readonly ConnectorSeed[] = [
  {
    ID: 1,
    Type: 'google_ads',
    Name: 'Google Ads',
    CredentialFields: [req('refreshToken'), req('clientId'), req('clientSecret'), opt('loginCustomerId')],
  },
  { ID: 2, Type: 'meta_ads', Name: 'Meta Ads', CredentialFields: [req('accessToken')] },
  {
    ID: 3,
    Type: 'tiktok_ads',
    Name: 'TikTok Ads',
    CredentialFields: [req('accessToken'), opt('clientId'), opt('clientSecret')],
  },
  { ID: 4, Type: 'csv_upload', Name: 'CSV upload', CredentialFields: [] },
];

/** An agent connector's health (docs/domain.md); Untested until "Test connection" or a sync has run. */
export const AGENT_CONNECTOR_STATUSES = ['Untested', 'OK', 'NoAccess', 'Error'] as const;
export type AgentConnectorStatus = (typeof AGENT_CONNECTOR_STATUSES)[number];

/** The longest naming rule (a regular expression) an account connector may hold. */
export const MAX_NAMING_RULE_LENGTH = 200;
/** External ids: platform account and campaign ids (digits, act_<digits>, …); no '#' (they are key parts). */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** A campaign name is kept as text, at most this long (longer ones are cut). */
export const MAX_CAMPAIGN_NAME_LENGTH = 500;

/**
 * CSV upload of the daily grain (ConnectorsService.GetCsvUploadUrl / ImportCampaignStatsCsv): the
 * file goes from the browser to storage, then ONE API call checks it whole and, up to
 * CSV_INLINE_MAX_ROWS rows, writes it (docs/connectors-meta-tiktok-csv.md "CSV import"). A larger
 * file is refused with CSV_TOO_LARGE (413) or CSV_TOO_MANY_ROWS (413) before anything is written.
 */
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 20_000;
/**
 * The most rows the import call writes itself; a checked file with more is written by the CSV import
 * job (the call answers 202 with the run to poll). A loaded machine wrote ~12,000 rows in the API's
 * 29 s (~400 a second), so 2,000 rows keep the call (check included) near a sixth of its time.
 */
export const CSV_INLINE_MAX_ROWS = 2_000;
/** The import call's function timeout (the API's own limit): past it the call is gone, finished or not. */
export const CSV_IMPORT_CALL_SECONDS = 29;
/**
 * Deliveries of a CSV import job's message before the queue gives it up (the cloud queue's
 * maxReceiveCount; the in-process runner at npm start delivers as often). A failing delivery before
 * the last leaves the run Running and is delivered again (the write resumes: it skips what is stored).
 */
export const CSV_IMPORT_MAX_RECEIVES = 3;
/** How long the browser's upload form (a pre-signed POST) is valid. */
export const CSV_UPLOAD_SECONDS = 15 * 60;
/** The header row of the template the console offers (the parser takes any order and case). */
export const CSV_TEMPLATE_HEADER =
  'date,platform,account,campaign id,campaign name,impressions,clicks,spend,currency,conversions,conversion value,video views';
