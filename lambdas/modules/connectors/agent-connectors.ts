import { ConflictError, ValidationError } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import { CREDENTIAL_FIELD_NAMES, type CredentialFieldName } from '../../shared/connectors';
import type { UserProfile } from '../tenancy';
import {
  insertAgentConnector,
  listAccountConnectors,
  recordAgentConnectorHealth,
  replaceAgentConnector,
} from './connector-store.dynamodb';
import { credentialReader, credentialStore, globalConnector, guarded, loadAgent, stale } from './connectors-core';
import { PlatformError, type PlatformCredentials } from './platform';
import { platformClientFor } from './platforms/account-listers';
import type { AgentConnector } from './replies/connectors';

/** ConnectorsService's agent connectors: save (credentials write-only), archive, and the connection test. */

type CredentialsInput = Partial<Record<CredentialFieldName, string | undefined>>;

const setFields = (c: PlatformCredentials): CredentialFieldName[] =>
  CREDENTIAL_FIELD_NAMES.filter((f) => typeof c[f] === 'string' && c[f] !== '');

export interface AgentConnectorInput {
  ID: number;
  ConnectorId: number;
  Name: string;
  Credentials?: CredentialsInput;
  ExternalAccountIds?: string[];
  version?: number;
}

/**
 * ConnectorsService.SaveAgentConnector: creates (ID <= 0) or updates a connection. Credentials are
 * write-only: a field sent replaces the stored one, one left out keeps it; a new connection needs
 * every required field of its connector. New credentials make the status Untested again.
 */
export async function saveAgentConnectorFor(caller: UserProfile, input: AgentConnectorInput): Promise<AgentConnector> {
  const sent: PlatformCredentials = {};
  for (const f of CREDENTIAL_FIELD_NAMES) {
    const v = input.Credentials?.[f];
    if (typeof v === 'string' && v !== '') sent[f] = v;
  }
  return input.ID <= 0 ? createAgentConnector(caller, input, sent) : updateAgentConnector(caller, input, sent);
}

/** A new connection: its connector active, every required credential sent, the credentials stored before the row. */
async function createAgentConnector(
  caller: UserProfile,
  input: AgentConnectorInput,
  sent: PlatformCredentials,
): Promise<AgentConnector> {
  const now = new Date().toISOString();
  const connector = await globalConnector(input.ConnectorId, 'agentConnector.ConnectorId');
  if (!connector.Active)
    throw new ConflictError(`The ${connector.Name} connector is not active`, 'CONNECTOR_INACTIVE', {
      connector: connector.Name,
    });
  for (const f of connector.CredentialFields) {
    if (f.Required && !sent[f.Name]) {
      throw new ValidationError(
        `agentConnector.Credentials.${f.Name}: is required for ${connector.Name}`,
        'FIELD_REQUIRED',
        { field: `agentConnector.Credentials.${f.Name}` },
      );
    }
  }
  const id = await nextId(caller.companyId, 'AgentConnector');
  const created: AgentConnector = {
    ID: id,
    ConnectorId: connector.ID,
    ConnectorType: connector.Type,
    Name: input.Name,
    Status: 'Untested',
    LastError: '',
    LastTestedAt: null,
    LastSyncAt: null,
    ExternalAccounts: (input.ExternalAccountIds ?? []).map(unnamedAccount),
    CredentialsSet: setFields(sent),
    Archived: false,
    version: 1,
    createdAt: now,
    createdBy: caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const ref = { companyId: caller.companyId, agentConnectorId: id };
  if (Object.keys(sent).length > 0) await guarded(() => credentialStore().put(ref, sent));
  try {
    await insertAgentConnector(caller.companyId, created);
  } catch (err) {
    await credentialStore()
      .delete(ref)
      .catch(() => undefined);
    throw err;
  }
  return created;
}

/** An external account known by its id only (the connection test names it). */
const unnamedAccount = (e: string) => ({ ExternalAccountId: e, Name: '', Currency: '', TimeZone: '' });

/** An update of the version read: the connector kept, the credentials sent merged into the stored ones. */
async function updateAgentConnector(
  caller: UserProfile,
  input: AgentConnectorInput,
  sent: PlatformCredentials,
): Promise<AgentConnector> {
  const now = new Date().toISOString();
  const changedCredentials = Object.keys(sent).length > 0;
  const before = await loadAgent(caller.companyId, input.ID);
  if (input.version === undefined)
    throw new ValidationError(
      'agentConnector.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'agentConnector.version' },
    );
  if (before.version !== input.version) throw stale();
  if (before.Archived)
    throw new ConflictError(`Agent connector ${before.ID} is archived`, 'ENTITY_ARCHIVED', {
      entity: 'AgentConnector',
      id: before.ID,
    });
  if (input.ConnectorId !== before.ConnectorId)
    throw new ValidationError(
      'agentConnector.ConnectorId: cannot change; make a new connection instead',
      'FIELD_CANNOT_CHANGE',
      { field: 'agentConnector.ConnectorId' },
    );
  let credentialsSet = before.CredentialsSet;
  if (changedCredentials) {
    const ref = { companyId: caller.companyId, agentConnectorId: before.ID };
    const merged = { ...(await guarded(() => credentialStore().get(ref))), ...sent };
    await guarded(() => credentialStore().put(ref, merged));
    credentialsSet = setFields(merged);
  }
  const wantedIds = input.ExternalAccountIds;
  const after: AgentConnector = {
    ...before,
    Name: input.Name,
    CredentialsSet: credentialsSet,
    ...(changedCredentials ? { Status: 'Untested' as const, LastError: '' } : {}),
    ...(wantedIds
      ? {
          ExternalAccounts: wantedIds.map(
            (e) => before.ExternalAccounts.find((x) => x.ExternalAccountId === e) ?? unnamedAccount(e),
          ),
        }
      : {}),
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await replaceAgentConnector(caller.companyId, before, after, 'update', stale());
  return after;
}

/** ConnectorsService.DeleteAgentConnector: archives a connection no account uses any more, and deletes its credentials. */
export async function archiveAgentConnectorFor(caller: UserProfile, id: number): Promise<AgentConnector> {
  const before = await loadAgent(caller.companyId, id);
  if (before.Archived) return before;
  const using = (await listAccountConnectors(caller.companyId)).filter((a) => a.AgentConnectorId === id && !a.Archived);
  if (using.length)
    throw new ConflictError(
      `Agent connector ${id} is linked by ${using.length} account connector(s)`,
      'CONNECTOR_IN_USE',
      { count: using.length },
    );
  const after: AgentConnector = {
    ...before,
    Archived: true,
    CredentialsSet: [],
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceAgentConnector(caller.companyId, before, after, 'archive', stale());
  await guarded(() => credentialStore().delete({ companyId: caller.companyId, agentConnectorId: id }));
  return after;
}

/** A platform's reason as the connector screen shows it: our words, the platform's code, never a credential. */
function reasonOf(err: unknown, secrets: readonly (string | undefined)[]): string {
  // A client's message may name the code already (Meta's "(…; Meta error 190/463)"): said once.
  let text =
    err instanceof PlatformError
      ? `${err.message}${err.platformCode && !err.message.includes(err.platformCode) ? ` (${err.platformCode})` : ''}`
      : 'The connection test failed unexpectedly';
  for (const s of secrets) if (s && s.length >= 4) text = text.split(s).join('***');
  return text.slice(0, 500);
}

/**
 * ConnectorsService.TestAgentConnection: asks the platform which ad accounts the credentials can
 * read. OK with the accounts; NoAccess (expired, revoked, no permission) or Error with the
 * platform's reason. The outcome is an answer, not an error: it is recorded on the connection.
 */
export async function testAgentConnectionFor(caller: UserProfile, id: number): Promise<AgentConnector> {
  const before = await loadAgent(caller.companyId, id);
  if (before.Archived)
    throw new ConflictError(`Agent connector ${before.ID} is archived`, 'ENTITY_ARCHIVED', {
      entity: 'AgentConnector',
      id: before.ID,
    });
  const now = new Date().toISOString();
  const credentials =
    (await guarded(() => credentialReader().get({ companyId: caller.companyId, agentConnectorId: id }))) ?? {};
  let health: Pick<AgentConnector, 'Status' | 'LastError' | 'LastErrorKind' | 'LastErrorCode' | 'ExternalAccounts'>;
  const fine = { Status: 'OK', LastError: '', LastErrorKind: '', LastErrorCode: '' } as const;
  try {
    const configured = before.ExternalAccounts.every((e) => !e.Name)
      ? before.ExternalAccounts.map((e) => e.ExternalAccountId)
      : [];
    const client = platformClientFor(before.ConnectorType, credentials, configured);
    const accounts =
      client &&
      (await client.listAccounts()).map((a) => ({
        ExternalAccountId: a.externalAccountId,
        Name: a.name,
        Currency: a.currency,
        TimeZone: a.timeZone,
      }));
    health = !accounts
      ? { ...fine, ExternalAccounts: before.ExternalAccounts }
      : accounts.length
        ? { ...fine, ExternalAccounts: accounts }
        : {
            ...fine,
            Status: 'NoAccess',
            LastError: 'The credentials see no ad account',
            LastErrorKind: 'noAccounts',
            ExternalAccounts: [],
          };
  } catch (err) {
    const known = err instanceof PlatformError ? err : undefined;
    const kind = known?.kind ?? 'unexpected';
    health = {
      Status: kind === 'auth' || kind === 'permission' ? 'NoAccess' : 'Error',
      LastError: reasonOf(err, Object.values(credentials)),
      ExternalAccounts: before.ExternalAccounts,
      LastErrorKind: kind,
      LastErrorCode: (known?.platformCode ?? '').slice(0, 64),
    };
  }
  await recordAgentConnectorHealth(caller.companyId, id, { ...health, LastTestedAt: now });
  return { ...before, ...health, LastTestedAt: now };
}
