import type { ConnectorType, PlatformClient, PlatformCredentials } from '../platform';
import { PlatformError } from '../platform';
import type { ClientHooks, SyncClientFor } from '../platforms/spec';

export type { ClientHooks } from '../platforms/spec';

/** Makes the platform client of an agent connector (the sync engine takes this as a parameter, so tests and the bench hand it their own). */
export type ClientFactory = (
  type: ConnectorType,
  credentials: PlatformCredentials,
  externalAccountIds: readonly string[],
  hooks?: ClientHooks,
) => PlatformClient;

/** A factory for one platform only (each worker bundles its own client): another type is refused. */
export function onePlatform(type: ConnectorType, make: SyncClientFor): ClientFactory {
  return (asked, credentials, ids, hooks = {}) => {
    if (asked !== type) throw new PlatformError('invalid', `This worker syncs ${type} connectors, not ${asked}`, asked);
    return make(credentials, ids, hooks);
  };
}
