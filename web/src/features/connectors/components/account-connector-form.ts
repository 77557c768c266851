import type { AccountConnectorPayload } from '../api/connectors-api';

/** A link of the account to a connection's ad accounts, as its dialog holds it. */
export interface AccountConnectorForm {
  ID: number;
  AccountId: number;
  AgentConnectorId: string;
  ExternalAccountIds: string[];
  /** csv_upload: the ad account ids as typed, separated by commas or spaces. */
  TypedIds: string;
  NamingRule: string;
  version?: number;
}

export const toLinkPayload = (f: AccountConnectorForm, csv: boolean): AccountConnectorPayload => ({
  ID: f.ID,
  AccountId: f.AccountId,
  AgentConnectorId: Number(f.AgentConnectorId),
  ExternalAccountIds: csv ? f.TypedIds.split(/[\s,;]+/).filter(Boolean) : f.ExternalAccountIds,
  // A CSV connection's campaigns are mapped by hand: the sync that evaluates naming rules never runs for it.
  NamingRule: csv ? '' : f.NamingRule,
  ...(f.ID > 0 ? { version: f.version } : {}),
});
