import type { ConflictError } from '../../core/errors';
import type { ConnectorTypeName } from '../../shared/connectors';
import type { AccountConnector, AgentConnector, GlobalConnector } from './replies/connectors';

/** What a system admin changed of a global connector (the seeds are shared/connectors.ts). */
export type GlobalConnectorOverride = Pick<GlobalConnector, 'ID' | 'Name' | 'Active' | 'version'> & {
  updatedAt: string;
  updatedBy: string;
};

/** An external ad account linked to one account (through its account connector). */
export interface ExternalLink {
  ConnectorType: ConnectorTypeName;
  ExternalAccountId: string;
  AccountConnectorId: number;
  AgentConnectorId: number;
  AccountId: number;
}

/** What an agent connector's test or sync records of its health (not a user's edit). */
export type AgentConnectorHealth = Pick<AgentConnector, 'Status' | 'LastError' | 'LastErrorKind' | 'LastErrorCode'> & {
  LastTestedAt?: string;
  LastSyncAt?: string;
  ExternalAccounts?: AgentConnector['ExternalAccounts'];
};

/** What the connectors need of storage; connector-store.dynamodb.ts implements it. */
export interface ConnectorStore {
  listGlobalConnectorOverrides(): Promise<GlobalConnectorOverride[]>;
  putGlobalConnectorOverride(
    before: GlobalConnectorOverride | undefined,
    after: GlobalConnectorOverride,
    stale: ConflictError,
  ): Promise<void>;
  getAgentConnector(companyId: number, id: number, consistent?: boolean): Promise<AgentConnector | undefined>;
  listAgentConnectors(companyId: number): Promise<AgentConnector[]>;
  insertAgentConnector(companyId: number, a: AgentConnector): Promise<void>;
  replaceAgentConnector(
    companyId: number,
    before: AgentConnector,
    after: AgentConnector,
    action: 'update' | 'archive',
    stale: ConflictError,
  ): Promise<void>;
  /** The outcome of a connection test or a sync: status and reason only (no version bump). */
  recordAgentConnectorHealth(companyId: number, id: number, health: AgentConnectorHealth): Promise<void>;
  getAccountConnector(companyId: number, id: number, consistent?: boolean): Promise<AccountConnector | undefined>;
  listAccountConnectors(companyId: number): Promise<AccountConnector[]>;
  /** Every external account linked to an account in the company. */
  listExternalLinks(companyId: number): Promise<ExternalLink[]>;
  /** The conflict a save answers when another account holds the external account (a preview names it too). */
  linkedElsewhere(type: ConnectorTypeName, ext: string): ConflictError;
  /** Saves an account connector with its links in one transaction (archiving releases every link). */
  writeAccountConnector(
    companyId: number,
    before: AccountConnector | undefined,
    after: AccountConnector,
    action: 'create' | 'update' | 'archive',
    stale: ConflictError,
  ): Promise<void>;
}
