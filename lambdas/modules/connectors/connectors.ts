import { secretsManagerCredentialReader, type CredentialReader } from './credentials/credential-reader';
import { secretsManagerCredentialStore, type CredentialStore } from './credentials/credential-store';
import { PlatformError, type PlatformCredentials } from './platform';
import { platformClientFor } from './platforms/account-listers';
import { AppError, ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import {
  getAgentConnector,
  insertAgentConnector,
  listAccountConnectors,
  listAgentConnectors,
  listExternalLinks,
  listGlobalConnectorOverrides,
  putGlobalConnectorOverride,
  recordAgentConnectorHealth,
  replaceAgentConnector,
  writeAccountConnector,
  type ExternalLink,
  type GlobalConnectorOverride,
} from './connector-store';
import { getAccounts } from '../tenancy';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import { CONNECTOR_SEEDS, CREDENTIAL_FIELD_NAMES, type CredentialFieldName } from '../../shared/connectors';
import type {
  AccountConnector,
  AccountConnectorsList,
  AgentConnector,
  AgentConnectorChoice,
  AgentConnectorsList,
  ExternalAccountChoice,
  GlobalConnector,
  SavedAccountConnector,
} from './replies/connectors';
import type { ListOf } from '../../shared/replies/reply';
import { loadAccountInScope, maySeeAccount } from '../tenancy';
import { checkLinkInput, loadAccountConnector, type AccountConnectorInput } from './account-connector-input';
import { syncAfterLinkSave } from './agent-sync-now';

/**
 * ConnectorsService: the global connector catalogue, a company's agent connectors
 * (credentials write-only, in the credential store: never in the table, a reply or a log line) and
 * its account connectors (an account linked to external ad accounts its agent connector sees).
 */

let store: CredentialStore | undefined;
/** The credential store (Secrets Manager; locally its fake through SECRETS_MANAGER_ENDPOINT). */
export const credentialStore = (): CredentialStore => (store ??= secretsManagerCredentialStore());
let reader: CredentialReader | undefined;
/** Reading them alone: the routes and jobs that only read bundle no secret writes. */
export const credentialReader = (): CredentialReader => (reader ??= secretsManagerCredentialReader());

const stale = () => new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The store's own words may name the secret, never its value; the caller gets ours.
    throw new AppError(
      503,
      'The credential store did not answer; nothing was changed. Try again in a moment.',
      'CREDENTIALS_UNAVAILABLE',
    );
  }
}

// ---- Global connectors ----

export async function listGlobalConnectors(): Promise<GlobalConnector[]> {
  const overrides = new Map((await listGlobalConnectorOverrides()).map((o) => [o.ID, o]));
  return CONNECTOR_SEEDS.map((s) => {
    const o = overrides.get(s.ID);
    return {
      ID: s.ID,
      Type: s.Type,
      Name: o?.Name ?? s.Name,
      CredentialFields: s.CredentialFields,
      Active: o?.Active ?? true,
      version: o?.version ?? 0,
    };
  });
}

export const listGlobalConnectorsFor = async (): Promise<ListOf<GlobalConnector>> => ({
  Items: await listGlobalConnectors(),
});

async function globalConnector(id: number, field: string): Promise<GlobalConnector> {
  const c = (await listGlobalConnectors()).find((g) => g.ID === id);
  if (!c)
    throw new ValidationError(`${field}: no connector ${id}`, 'FIELD_INVALID', {
      field,
      detail: `no connector ${id}`,
      reason: 'INVALID',
    });
  return c;
}

/** ConnectorsService.SaveGlobalConnector (system admins): a seeded connector's Name and Active. */
export async function saveGlobalConnectorFor(
  caller: UserProfile,
  input: { ID: number; Name: string; Active: boolean; version?: number },
): Promise<GlobalConnector> {
  const current = await globalConnector(input.ID, 'connector.ID');
  if (input.version !== undefined && input.version !== current.version) throw stale();
  const before: GlobalConnectorOverride | undefined =
    current.version > 0
      ? {
          ID: current.ID,
          Name: current.Name,
          Active: current.Active,
          version: current.version,
          updatedAt: '',
          updatedBy: '',
        }
      : undefined;
  const after: GlobalConnectorOverride = {
    ID: current.ID,
    Name: input.Name,
    Active: input.Active,
    version: current.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await putGlobalConnectorOverride(before, after, stale());
  return { ...current, Name: after.Name, Active: after.Active, version: after.version };
}

// ---- Agent connectors ----

/** ConnectorsService.GetAgentConnectorsList: the company's connections, with the connectors a new one may use. */
export async function listAgentConnectorsFor(caller: UserProfile, archived = false): Promise<AgentConnectorsList> {
  const [items, globals] = await Promise.all([listAgentConnectors(caller.companyId), listGlobalConnectors()]);
  return {
    Items: items.filter((a) => a.Archived === archived).sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID),
    Connectors: globals.filter((g) => g.Active),
  };
}

async function loadAgent(companyId: number, id: number, consistent = true): Promise<AgentConnector> {
  const a = await getAgentConnector(companyId, id, consistent);
  if (!a) throw new NotFoundError(`Agent connector ${id} was not found`, 'NOT_FOUND', { entity: 'AgentConnector', id });
  return a;
}

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
  const now = new Date().toISOString();
  const sent: PlatformCredentials = {};
  for (const f of CREDENTIAL_FIELD_NAMES) {
    const v = input.Credentials?.[f];
    if (typeof v === 'string' && v !== '') sent[f] = v;
  }
  const changedCredentials = Object.keys(sent).length > 0;
  if (input.ID <= 0) {
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
      ExternalAccounts: (input.ExternalAccountIds ?? []).map((e) => ({
        ExternalAccountId: e,
        Name: '',
        Currency: '',
        TimeZone: '',
      })),
      CredentialsSet: setFields(sent),
      Archived: false,
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    const ref = { companyId: caller.companyId, agentConnectorId: id };
    if (changedCredentials) await guarded(() => credentialStore().put(ref, sent));
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
            (e) =>
              before.ExternalAccounts.find((x) => x.ExternalAccountId === e) ?? {
                ExternalAccountId: e,
                Name: '',
                Currency: '',
                TimeZone: '',
              },
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

// ---- Account connectors ----

/** ConnectorsService.GetAccountConnectorsList: the page's account's connectors and its sub-accounts'. */
export async function listAccountConnectorsFor(caller: UserProfile, accountId: number): Promise<AccountConnectorsList> {
  const [all, agents, links] = await Promise.all([
    listAccountConnectors(caller.companyId),
    listAgentConnectors(caller.companyId),
    listExternalLinks(caller.companyId),
  ]);
  const items: AccountConnector[] = [];
  for (const a of all) {
    if (a.Archived) continue;
    if (a.AccountId === accountId) items.push(a);
    else {
      try {
        await loadAccountInScope(caller, accountId, a.AccountId);
        items.push(a);
      } catch {
        /* another account's */
      }
    }
  }
  return {
    Items: items.sort((a, b) => a.AccountId - b.AccountId || a.ID - b.ID),
    AgentConnectors: await choicesOf(
      caller,
      agents.filter((a) => !a.Archived),
      links,
    ),
  };
}

/** The connections to choose from, each ad account with the link that holds it (named to those who see its account). */
async function choicesOf(
  caller: UserProfile,
  agents: AgentConnector[],
  links: ExternalLink[],
): Promise<AgentConnectorChoice[]> {
  const byAccount = new Map(links.map((l) => [`${l.ConnectorType}#${l.ExternalAccountId}`, l]));
  const ids = [...new Set(links.map((l) => l.AccountId))];
  const accounts = new Map((ids.length ? await getAccounts(caller.companyId, ids) : []).map((a) => [a.ID, a]));
  const linkedTo = (l: ExternalLink | undefined): ExternalAccountChoice['LinkedTo'] => {
    if (!l) return null;
    const account = accounts.get(l.AccountId);
    const shown = account && maySeeAccount(caller, account) ? account : undefined;
    return { AccountConnectorId: l.AccountConnectorId, AccountId: shown?.ID ?? null, AccountName: shown?.Name ?? null };
  };
  return agents.map((a) => ({
    ID: a.ID,
    Name: a.Name,
    ConnectorType: a.ConnectorType,
    ExternalAccounts: a.ExternalAccounts.map((e) => ({
      ...e,
      LinkedTo: linkedTo(byAccount.get(`${a.ConnectorType}#${e.ExternalAccountId}`)),
    })),
  }));
}

/** The ad accounts a save changed: those it added, or all of the link's when its naming rule changed. */
function changedAdAccounts(before: AccountConnector | undefined, after: AccountConnector): string[] {
  if (after.ConnectorType === 'csv_upload') return []; // imported from files, never synced
  if (before === undefined || before.NamingRule !== after.NamingRule) return after.ExternalAccountIds;
  return after.ExternalAccountIds.filter((e) => !before.ExternalAccountIds.includes(e));
}

/**
 * ConnectorsService.SaveAccountConnector: links the page's account (or a sub-account of it) to
 * external ad accounts its agent connector sees, with an optional naming rule (checked here for its
 * syntax, evaluated by the sync, which a save asks for: modules/connectors/agent-sync-now.ts syncAfterLinkSave).
 */
export async function saveAccountConnectorFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: AccountConnectorInput,
): Promise<SavedAccountConnector> {
  const { agent, ids } = await checkLinkInput(caller, scopeAccountId, input);
  const now = new Date().toISOString();
  const fields = {
    AccountId: input.AccountId,
    AgentConnectorId: agent.ID,
    ConnectorType: agent.ConnectorType,
    AgentConnectorName: agent.Name,
    ExternalAccountIds: ids,
    NamingRule: input.NamingRule,
  };
  if (input.ID <= 0) {
    const created: AccountConnector = {
      ID: await nextId(caller.companyId, 'AccountConnector'),
      ...fields,
      Archived: false,
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    await writeAccountConnector(
      caller.companyId,
      undefined,
      created,
      'create',
      new ConflictError(`Account connector ${created.ID} exists already`, 'ALREADY_EXISTS', {
        entity: 'AccountConnector',
        id: created.ID,
      }),
    );
    return { ...created, Sync: await syncAfterLinkSave(caller, agent.ID, changedAdAccounts(undefined, created)) };
  }
  const before = await loadAccountConnector(caller, scopeAccountId, input.ID);
  if (input.version === undefined)
    throw new ValidationError(
      'accountConnector.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'accountConnector.version' },
    );
  if (before.version !== input.version) throw stale();
  if (before.Archived)
    throw new ConflictError(`Account connector ${before.ID} is archived`, 'ENTITY_ARCHIVED', {
      entity: 'AccountConnector',
      id: before.ID,
    });
  if (before.AgentConnectorId !== agent.ID)
    throw new ValidationError(
      'accountConnector.AgentConnectorId: cannot change; remove this link and make a new one',
      'FIELD_CANNOT_CHANGE',
      { field: 'accountConnector.AgentConnectorId' },
    );
  const after: AccountConnector = {
    ...before,
    ...fields,
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await writeAccountConnector(caller.companyId, before, after, 'update', stale());
  return { ...after, Sync: await syncAfterLinkSave(caller, agent.ID, changedAdAccounts(before, after)) };
}

/** ConnectorsService.DeleteAccountConnector: archives the link; its external accounts are free again. */
export async function archiveAccountConnectorFor(
  caller: UserProfile,
  scopeAccountId: number,
  id: number,
): Promise<AccountConnector> {
  const before = await loadAccountConnector(caller, scopeAccountId, id);
  if (before.Archived) return before;
  const after: AccountConnector = {
    ...before,
    Archived: true,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await writeAccountConnector(caller.companyId, before, after, 'archive', stale());
  return after;
}
