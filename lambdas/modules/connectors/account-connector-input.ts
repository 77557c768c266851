import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { Account } from '../tenancy';
import { getAccountConnector, getAgentConnector } from './connector-store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { AccountConnector, AgentConnector } from './replies/connectors';
import { loadAccountInScope } from '../tenancy';
import { checkNamingRule } from './naming-rule-syntax';

/**
 * What SaveAccountConnector and PreviewNamingRule both check of a link as the user wrote it, so the
 * preview answers for exactly the links a save would accept. Kept apart from modules/connectors/account-connectors.ts,
 * whose platform clients and credential store the preview's bundle does not need.
 */

export interface AccountConnectorInput {
  ID: number;
  AccountId: number;
  AgentConnectorId: number;
  ExternalAccountIds: string[];
  NamingRule: string;
  version?: number;
}

export interface CheckedLink {
  account: Account;
  agent: AgentConnector;
  /** The ad accounts named, once each. */
  ids: string[];
}

/** The stored link `id`, in the request's account (or a sub-account of it). */
export async function loadAccountConnector(
  caller: UserProfile,
  scopeAccountId: number,
  id: number,
): Promise<AccountConnector> {
  const a = await getAccountConnector(caller.companyId, id, true);
  if (!a)
    throw new NotFoundError(`Account connector ${id} was not found`, 'NOT_FOUND', { entity: 'AccountConnector', id });
  await loadAccountInScope(caller, scopeAccountId, a.AccountId);
  return a;
}

export async function checkLinkInput(
  caller: UserProfile,
  scopeAccountId: number,
  input: AccountConnectorInput,
): Promise<CheckedLink> {
  const account = await loadAccountInScope(caller, scopeAccountId, input.AccountId);
  checkNamingRule(input.NamingRule, 'accountConnector.NamingRule');
  const agent = await getAgentConnector(caller.companyId, input.AgentConnectorId, true);
  if (!agent)
    throw new NotFoundError(`Agent connector ${input.AgentConnectorId} was not found`, 'NOT_FOUND', {
      entity: 'AgentConnector',
      id: input.AgentConnectorId,
    });
  if (agent.Archived)
    throw new ConflictError(`Agent connector ${agent.ID} is archived`, 'ENTITY_ARCHIVED', {
      entity: 'AgentConnector',
      id: agent.ID,
    });
  // Naming rules are evaluated by the platform sync (RE2 runs in its workers only); a CSV connection
  // has no sync, so a rule on it would silently map nothing: refused, its campaigns are mapped by hand.
  if (agent.ConnectorType === 'csv_upload' && input.NamingRule !== '') {
    throw new ValidationError(
      'accountConnector.NamingRule: a CSV upload connection takes no naming rule; map its campaigns on the campaigns screen',
      'FIELD_INVALID',
      {
        field: 'accountConnector.NamingRule',
        detail: 'not for CSV upload connections',
        reason: 'INVALID',
      },
    );
  }
  const ids = [...new Set(input.ExternalAccountIds)];
  if (ids.length === 0)
    throw new ValidationError('accountConnector.ExternalAccountIds: name at least one ad account', 'FIELD_REQUIRED', {
      field: 'accountConnector.ExternalAccountIds',
    });
  if (agent.ConnectorType !== 'csv_upload') {
    const seen = new Set(agent.ExternalAccounts.map((e) => e.ExternalAccountId));
    const unseen = ids.find((e) => !seen.has(e));
    if (unseen !== undefined) {
      throw new ValidationError(
        `accountConnector.ExternalAccountIds: ${unseen} is not an ad account ${agent.Name} sees`,
        'EXTERNAL_ACCOUNT_NOT_VISIBLE',
        {
          field: 'accountConnector.ExternalAccountIds',
          id: unseen,
          connector: agent.Name,
        },
      );
    }
  }
  return { account, agent, ids };
}
