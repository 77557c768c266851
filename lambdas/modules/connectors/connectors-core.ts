import { secretsManagerCredentialReader, type CredentialReader } from './credentials/credential-reader';
import { secretsManagerCredentialStore, type CredentialStore } from './credentials/credential-store';
import { AppError, ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import {
  getAgentConnector,
  listAgentConnectors,
  listGlobalConnectorOverrides,
  putGlobalConnectorOverride,
} from './connector-store.dynamodb';
import type { GlobalConnectorOverride } from './connector-store';
import type { UserProfile } from '../tenancy';
import { CONNECTOR_SEEDS } from '../../shared/connectors';
import type { AgentConnector, AgentConnectorsList, GlobalConnector } from './replies/connectors';
import type { ListOf } from '../../shared/replies/reply';

/**
 * ConnectorsService: the global connector catalogue, a company's agent connectors
 * (credentials write-only, in the credential store: never in the table, a reply or a log line) and
 * its account connectors (an account linked to external ad accounts its agent connector sees).
 * This file: the credential store, the catalogue and the agent connectors' list and load; saving and
 * testing an agent connector are agent-connectors.ts, the account connectors account-connectors.ts
 * (connectors.ts names them all for the callers outside the handlers).
 */

let store: CredentialStore | undefined;
/** The credential store (Secrets Manager; locally its fake through SECRETS_MANAGER_ENDPOINT). */
export const credentialStore = (): CredentialStore => (store ??= secretsManagerCredentialStore());
let reader: CredentialReader | undefined;
/** Reading them alone: the routes and jobs that only read bundle no secret writes. */
export const credentialReader = (): CredentialReader => (reader ??= secretsManagerCredentialReader());

export const stale = () => new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');

export async function guarded<T>(fn: () => Promise<T>): Promise<T> {
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

export async function globalConnector(id: number, field: string): Promise<GlobalConnector> {
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

export async function loadAgent(companyId: number, id: number, consistent = true): Promise<AgentConnector> {
  const a = await getAgentConnector(companyId, id, consistent);
  if (!a) throw new NotFoundError(`Agent connector ${id} was not found`, 'NOT_FOUND', { entity: 'AgentConnector', id });
  return a;
}
