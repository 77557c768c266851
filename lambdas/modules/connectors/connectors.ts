/**
 * ConnectorsService's rules in one place for the callers beyond its handlers (the local demo, the
 * tests): the catalogue and agent list (connectors-core.ts), an agent connector's save, archive and
 * test (agent-connectors.ts), the account connectors (account-connectors.ts). Each handler imports
 * its own file, so a route bundles only its part.
 */
export { listAgentConnectorsFor, saveGlobalConnectorFor } from './connectors-core';
export { archiveAgentConnectorFor, saveAgentConnectorFor, testAgentConnectionFor } from './agent-connectors';
export { listAccountConnectorsFor, saveAccountConnectorFor } from './account-connectors';
