import type { ConnectorType, PlatformClient, PlatformCredentials } from '../connectors/platform';
import { PlatformError } from '../connectors/platform';
import { GoogleAdsClient } from '../connectors/google-ads-client';
import { metaAdsClient } from '../connectors/meta-ads-client';
import { tiktokAdsClient } from '../connectors/tiktok-ads-client';

/** Makes the platform client of an agent connector (the sync engine takes this as a parameter, so tests and the bench hand it their own). */
export type ClientFactory = (type: ConnectorType, credentials: PlatformCredentials, externalAccountIds: readonly string[]) => PlatformClient;

/** The real clients, at the URLs of the environment (the local fakes under `npm start`, the platforms in the cloud). */
export const platformClientFor: ClientFactory = (type, credentials, externalAccountIds) => {
  switch (type) {
    case 'google_ads':
      return new GoogleAdsClient({ credentials, customerIds: externalAccountIds });
    case 'meta_ads':
      return metaAdsClient({ accessToken: credentials.accessToken ?? '', accountIds: externalAccountIds });
    case 'tiktok_ads':
      return tiktokAdsClient({ accessToken: credentials.accessToken ?? '', advertiserIds: externalAccountIds, appId: credentials.clientId, secret: credentials.clientSecret });
    default:
      // CSV uploads are imported from their file, never synced from a platform.
      throw new PlatformError('invalid', 'A CSV upload connector has no platform to sync from; upload a file instead', type);
  }
};
