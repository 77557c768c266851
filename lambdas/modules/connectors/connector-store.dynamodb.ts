import { GetCommand, UpdateCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import type { ConnectorTypeName } from '../../shared/connectors';
import type { AccountConnector, AgentConnector } from './replies/connectors';
import type { AgentConnectorHealth, ExternalLink, GlobalConnectorOverride } from './connector-store';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { PLATFORM_COMPANY_ID } from '../channel-types';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite, type NamedWrite } from '../../aws/dynamodb/transaction';

/**
 * Connectors (docs/table-design.md "Connectors"): the global catalogue's overrides in the
 * platform partition, a company's agent connectors, account connectors and the external-account
 * links that make an external ad account belong to one account. No credential is ever written here:
 * they live in the credential store (lambdas/modules/connectors/credentials/credential-store.ts, read by credential-reader.ts).
 */

export const connectorKeys = {
  global: (id: number) => ({ pk: companyPk(PLATFORM_COMPANY_ID), sk: `CONNECTOR#${pad(id)}` }),
  globalPrefix: 'CONNECTOR#',
  agent: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `AGENTCONN#${pad(id)}` }),
  agentPrefix: 'AGENTCONN#',
  account: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `ACCTCONN#${pad(id)}` }),
  accountPrefix: 'ACCTCONN#',
  /** One external ad account belongs to at most one account connector (so a campaign has one account). */
  link: (companyId: number, type: ConnectorTypeName, externalAccountId: string) => ({
    pk: companyPk(companyId),
    sk: `EXTLINK#${type}#${externalAccountId}`,
  }),
  linkPrefix: 'EXTLINK#',
};

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _p, sk: _s, entity: _e, ...rest } = item;
  return rest as T;
};

/** The kinds of connector item, each under its own sort-key prefix of its partition. */
interface ConnectorItems {
  global: GlobalConnectorOverride;
  agent: AgentConnector;
  account: AccountConnector;
  link: ExternalLink;
}

const PREFIXES: Record<keyof ConnectorItems, string> = {
  global: connectorKeys.globalPrefix,
  agent: connectorKeys.agentPrefix,
  account: connectorKeys.accountPrefix,
  link: connectorKeys.linkPrefix,
};

/** One connector of a kind read by its id (the kinds with an id of their own). */
async function getConnectorItem<K extends 'agent' | 'account'>(
  kind: K,
  companyId: number,
  id: number,
  consistent: boolean,
): Promise<ConnectorItems[K] | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: connectorKeys[kind](companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? strip<ConnectorItems[K]>(out.Item) : undefined;
}

/** Every item of a kind in the partition (a few hundred at most): one Query of its prefix. */
async function listConnectorItems<K extends keyof ConnectorItems>(
  kind: K,
  companyId: number,
): Promise<ConnectorItems[K][]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(PREFIXES[kind]) },
  });
  return items.map((i) => strip<ConnectorItems[K]>(i));
}

// ---- Global connectors (platform partition: the seeds of shared/connectors.ts plus what a system admin changed) ----

export const listGlobalConnectorOverrides = (): Promise<GlobalConnectorOverride[]> =>
  listConnectorItems('global', PLATFORM_COMPANY_ID);

export async function putGlobalConnectorOverride(
  before: GlobalConnectorOverride | undefined,
  after: GlobalConnectorOverride,
  stale: ConflictError,
): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectorKeys.global(after.ID), entity: 'Connector', ...after },
          ...(before
            ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      conflict: stale,
    },
    {
      item: auditPut({
        companyId: PLATFORM_COMPANY_ID,
        who: after.updatedBy,
        entity: 'Connector',
        id: after.ID,
        action: before ? 'update' : 'create',
        before: before ?? null,
        after,
        at: after.updatedAt,
      }),
    },
  ]);
}

// ---- Agent connectors ----

export const getAgentConnector = (
  companyId: number,
  id: number,
  consistent = false,
): Promise<AgentConnector | undefined> => getConnectorItem('agent', companyId, id, consistent);

export const listAgentConnectors = (companyId: number): Promise<AgentConnector[]> =>
  listConnectorItems('agent', companyId);

export async function insertAgentConnector(companyId: number, a: AgentConnector): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectorKeys.agent(companyId, a.ID), entity: 'AgentConnector', ...a },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: new ConflictError(`Agent connector ${a.ID} exists already`, 'ALREADY_EXISTS', {
        entity: 'AgentConnector',
        id: a.ID,
      }),
    },
    {
      item: auditPut({
        companyId,
        who: a.createdBy,
        entity: 'AgentConnector',
        id: a.ID,
        action: 'create',
        before: null,
        after: a,
        at: a.createdAt,
      }),
    },
  ]);
}

export async function replaceAgentConnector(
  companyId: number,
  before: AgentConnector,
  after: AgentConnector,
  action: 'update' | 'archive',
  stale: ConflictError,
): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectorKeys.agent(companyId, after.ID), entity: 'AgentConnector', ...after },
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      conflict: stale,
    },
    {
      item: auditPut({
        companyId,
        who: after.updatedBy,
        entity: 'AgentConnector',
        id: after.ID,
        action,
        before,
        after,
        at: after.updatedAt,
      }),
    },
  ]);
}

/** The outcome of a connection test or a sync: status and reason only (no version bump: not a user's edit). */
export async function recordAgentConnectorHealth(
  companyId: number,
  id: number,
  health: AgentConnectorHealth,
): Promise<void> {
  // The kind and code are written with every reason, so they never describe an older one.
  const names: Record<string, string> = {
    '#s': 'Status',
    '#e': 'LastError',
    '#k': 'LastErrorKind',
    '#c': 'LastErrorCode',
  };
  const values: Record<string, unknown> = {
    ':s': health.Status,
    ':e': health.LastError,
    ':k': health.LastErrorKind ?? '',
    ':c': health.LastErrorCode ?? '',
  };
  let set = '#s = :s, #e = :e, #k = :k, #c = :c';
  for (const f of ['LastTestedAt', 'LastSyncAt', 'ExternalAccounts'] as const) {
    if (health[f] !== undefined) {
      names[`#${f}`] = f;
      values[`:${f}`] = health[f];
      set += `, #${f} = :${f}`;
    }
  }
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: connectorKeys.agent(companyId, id),
      UpdateExpression: `SET ${set}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

// ---- Account connectors and their external-account links ----

export const getAccountConnector = (
  companyId: number,
  id: number,
  consistent = false,
): Promise<AccountConnector | undefined> => getConnectorItem('account', companyId, id, consistent);

export const listAccountConnectors = (companyId: number): Promise<AccountConnector[]> =>
  listConnectorItems('account', companyId);

/** Every external account linked to an account in the company (a few hundred items at most). */
export const listExternalLinks = (companyId: number): Promise<ExternalLink[]> => listConnectorItems('link', companyId);

export const linkedElsewhere = (type: ConnectorTypeName, ext: string) =>
  new ConflictError(
    `accountConnector.ExternalAccountIds: ${ext} is linked to another account already; unlink it there first`,
    'EXTERNAL_ACCOUNT_LINKED',
    { id: ext, connector: type },
  );

/**
 * Saves an account connector with its links in one transaction: the links it no longer names are
 * released (only if still its own), the new ones taken (409 EXTERNAL_ACCOUNT_LINKED when another
 * account connector holds one). Archiving releases every link.
 */
export async function writeAccountConnector(
  companyId: number,
  before: AccountConnector | undefined,
  after: AccountConnector,
  action: 'create' | 'update' | 'archive',
  stale: ConflictError,
): Promise<void> {
  const held = new Set(before && !before.Archived ? before.ExternalAccountIds : []);
  const wanted = new Set(after.Archived ? [] : after.ExternalAccountIds);
  const writes: NamedWrite[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectorKeys.account(companyId, after.ID), entity: 'AccountConnector', ...after },
          ...(before
            ? {
                ConditionExpression: 'attribute_exists(pk) AND version = :v',
                ExpressionAttributeValues: { ':v': before.version },
              }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      conflict: stale,
    },
    {
      item: auditPut({
        companyId,
        who: after.updatedBy,
        entity: 'AccountConnector',
        id: after.ID,
        action,
        before: before ?? null,
        after,
        at: after.updatedAt,
      }),
    },
  ];
  for (const ext of held) {
    if (wanted.has(ext)) continue;
    writes.push({
      item: {
        Delete: {
          TableName: tableName(),
          Key: connectorKeys.link(companyId, after.ConnectorType, ext),
          ConditionExpression: 'attribute_not_exists(pk) OR AccountConnectorId = :me',
          ExpressionAttributeValues: { ':me': after.ID },
        },
      },
      conflict: stale,
    });
  }
  for (const ext of wanted) {
    const link: ExternalLink = {
      ConnectorType: after.ConnectorType,
      ExternalAccountId: ext,
      AccountConnectorId: after.ID,
      AgentConnectorId: after.AgentConnectorId,
      AccountId: after.AccountId,
    };
    writes.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectorKeys.link(companyId, after.ConnectorType, ext), entity: 'ExternalLink', ...link },
          ConditionExpression: 'attribute_not_exists(pk) OR AccountConnectorId = :me',
          ExpressionAttributeValues: { ':me': after.ID },
        },
      },
      conflict: linkedElsewhere(after.ConnectorType, ext),
    });
  }
  await transactWrite(writes, { conflict: stale });
}
