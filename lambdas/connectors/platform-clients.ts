import { GoogleAdsAccounts } from './google-ads-accounts';
import { metaAdsAccounts } from './meta-ads-accounts';
import type { AccountLister, ConnectorType, PlatformCredentials } from './platform';
import { PlatformError } from './platform';
import { tiktokAdsAccounts } from './tiktok-ads-accounts';

/**
 * "Test connection"'s platform client of an agent connector: its type, its credentials (from the
 * credential store) and the external accounts it is configured for (none: every account the
 * credentials see). It lists accounts only: the <platform>-accounts.ts part of each client, the same
 * session and wire code as the sync's, without the daily grain (ConnectorsService.TestAgentConnection's
 * bundle stays within its 300 kB; docs/lambda-bundles.md). csv_upload has no platform to ask: undefined.
 */
export function platformClientFor(
  type: ConnectorType,
  credentials: PlatformCredentials,
  externalAccountIds: readonly string[] = [],
): AccountLister | undefined {
  const ids = externalAccountIds.length ? externalAccountIds : undefined;
  const missing = (field: string) =>
    new PlatformError('auth', `no ${field} is stored for this connector; enter the credentials again`, type);
  switch (type) {
    case 'google_ads':
      return new GoogleAdsAccounts({
        credentials,
        customerIds: ids,
        maxAttempts: 2,
        baseDelayMs: 200,
        maxThrottleWaitMs: 5_000,
        timeoutMs: 20_000,
      });
    case 'meta_ads':
      if (!credentials.accessToken) throw missing('access token');
      return metaAdsAccounts({
        accessToken: credentials.accessToken,
        accountIds: ids,
        retry: { maxAttempts: 2, baseDelayMs: 200 },
      });
    case 'tiktok_ads':
      if (!credentials.accessToken) throw missing('access token');
      return tiktokAdsAccounts({
        accessToken: credentials.accessToken,
        advertiserIds: ids,
        appId: credentials.clientId,
        secret: credentials.clientSecret,
        retry: { maxAttempts: 2, baseDelayMs: 200 },
      });
    case 'csv_upload':
      return undefined;
  }
}
