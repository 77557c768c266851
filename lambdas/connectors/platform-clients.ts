import { GoogleAdsClient } from './google-ads-client';
import { metaAdsClient } from './meta-ads-client';
import type { ConnectorType, PlatformClient, PlatformCredentials } from './platform';
import { PlatformError } from './platform';
import { tiktokAdsClient } from './tiktok-ads-client';

/**
 * The platform client of an agent connector: its type, its credentials (from the credential store)
 * and the external accounts it is configured for (none: every account the credentials see).
 * csv_upload has no platform to ask: undefined.
 */
export function platformClientFor(type: ConnectorType, credentials: PlatformCredentials, externalAccountIds: readonly string[] = []): PlatformClient | undefined {
  const ids = externalAccountIds.length ? externalAccountIds : undefined;
  const missing = (field: string) => new PlatformError('auth', `no ${field} is stored for this connector; enter the credentials again`, type);
  switch (type) {
    case 'google_ads':
      return new GoogleAdsClient({ credentials, customerIds: ids, maxAttempts: 2, baseDelayMs: 200, maxThrottleWaitMs: 5_000, timeoutMs: 20_000 });
    case 'meta_ads':
      if (!credentials.accessToken) throw missing('access token');
      return metaAdsClient({ accessToken: credentials.accessToken, accountIds: ids, retry: { maxAttempts: 2, baseDelayMs: 200 } });
    case 'tiktok_ads':
      if (!credentials.accessToken) throw missing('access token');
      return tiktokAdsClient({
        accessToken: credentials.accessToken, advertiserIds: ids, appId: credentials.clientId, secret: credentials.clientSecret, retry: { maxAttempts: 2, baseDelayMs: 200 },
      });
    case 'csv_upload':
      return undefined;
  }
}
