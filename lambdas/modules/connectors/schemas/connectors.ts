import { _default, array, enum as oneOf, maxLength, nullable, object, optional, string } from 'zod/mini';
import { CONNECTOR_TYPE_NAMES, EXTERNAL_ID_PATTERN, MAX_NAMING_RULE_LENGTH } from '../../../shared/connectors';
import { hasHiddenCharacters } from '../../../shared/normalise-text';
import {
  bool,
  id,
  int,
  matches,
  nextToken,
  pageSize,
  preprocess,
  requiredText,
  rule,
} from '../../../shared/schema-fields';

/** ConnectorsService and the campaign calls of AccountsService. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A secret as typed: not trimmed or normalised (it must reach the platform as given), bounded, nothing hidden. */
const secret = () =>
  optional(
    string().check(
      maxLength(4096, 'must be at most 4096 characters'),
      rule((s: string) => !hasHiddenCharacters(s) && !/\s/.test(s), 'HIDDEN_CHARACTERS'),
    ),
  );

/** Write-only credentials: a field sent replaces the stored one; a field left out keeps it. */
export const credentialsInput = object({
  refreshToken: secret(),
  accessToken: secret(),
  clientId: secret(),
  clientSecret: secret(),
  loginCustomerId: optional(string().check(maxLength(20), matches(/^[\d-]*$/, 'INVALID'))),
});

export const externalId = () => string().check(maxLength(64), matches(EXTERNAL_ID_PATTERN, 'INVALID'));

export const saveGlobalConnector = object({
  connector: object({ ID: id(), Name: requiredText(100), Active: bool(), version: optional(int()) }),
});

export const agentConnectorInput = object({
  ID: _default(int(), 0),
  ConnectorId: id(),
  Name: requiredText(100),
  Credentials: optional(credentialsInput),
  /** Ad accounts to read (the platform's ids); empty: every account the credentials see. */
  ExternalAccountIds: optional(array(externalId()).check(maxLength(200))),
  version: optional(int()),
});
export const saveAgentConnector = object({ agentConnector: agentConnectorInput });
export const agentConnectorIdInput = object({ agentConnectorId: id() });
export const getAgentConnectorsList = object({ archived: _default(optional(bool()), false) });
export const getGlobalConnectorsList = object({});

export const accountConnectorInput = object({
  ID: _default(int(), 0),
  /** The account or sub-account linked (the page's account or one of its sub-accounts). */
  AccountId: id(),
  AgentConnectorId: id(),
  ExternalAccountIds: array(externalId()).check(maxLength(40)),
  /** A regular expression (RE2 syntax) whose first capture group is a plan line id; '' = none. */
  NamingRule: _default(
    optional(
      string().check(
        maxLength(MAX_NAMING_RULE_LENGTH, `must be at most ${MAX_NAMING_RULE_LENGTH} characters`),
        rule((s: string) => !hasHiddenCharacters(s), 'HIDDEN_CHARACTERS'),
      ),
    ),
    '',
  ),
  version: optional(int()),
});
export const saveAccountConnector = object({ accountConnector: accountConnectorInput });
/** The link as the dialog holds it (unsaved); version is not needed by a read. */
export const previewNamingRule = object({ accountConnector: accountConnectorInput });
export const accountConnectorIdInput = object({ accountConnectorId: id() });
export const getAccountConnectorsList = object({});

export const getCampaignsList = object({
  accountId: optional(preprocess(blankToUndefined, optional(id()))),
  connectorType: optional(preprocess(blankToUndefined, optional(oneOf(CONNECTOR_TYPE_NAMES)))),
  /** true: mapped only; false: unmapped only; absent: both. */
  mapped: optional(preprocess(blankToUndefined, optional(bool()))),
  pageSize: pageSize(),
  nextToken: nextToken(),
});
export const campaignIdInput = object({ campaignId: id() });
export const saveCampaign = object({
  globalCampaign: object({ ID: id(), MediaChannelId: nullable(optional(id())), version: optional(int()) }),
});
