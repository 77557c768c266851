import { ConflictError, ValidationError } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import { getAccounts, loadAccountInScope, maySeeAccount, type UserProfile } from '../tenancy';
import { checkLinkInput, loadAccountConnector, type AccountConnectorInput } from './account-connector-input';
import { syncAfterLinkSave } from './agent-sync-now';
import {
  listAccountConnectors,
  listAgentConnectors,
  listExternalLinks,
  writeAccountConnector,
} from './connector-store.dynamodb';
import type { ExternalLink } from './connector-store';
import { stale } from './connectors-core';
import type {
  AccountConnector,
  AccountConnectorsList,
  AgentConnector,
  AgentConnectorChoice,
  ExternalAccountChoice,
  SavedAccountConnector,
} from './replies/connectors';

/** ConnectorsService's account connectors: an account linked to external ad accounts its agent connector sees. */

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
 * syntax, evaluated by the sync, which a save asks for: domain/sync-now.ts syncAfterLinkSave).
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
