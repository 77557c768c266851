import { isPlatformId, type PlatformId } from '../../../shared/connector-platforms';
import type { AccountLister, ConnectorType, PlatformCredentials } from '../platform';
import { accountsFor as googleAdsAccounts } from './google-ads/accounts';
import { accountsFor as metaAdsAccounts } from './meta-ads/accounts';
import type { AccountsFor } from './spec';
import { accountsFor as tiktokAdsAccounts } from './tiktok-ads/accounts';

/** Each platform's account listing: the accounts.ts part of its folder, without the daily grain. */
const ACCOUNT_LISTERS: Record<PlatformId, AccountsFor> = {
  google_ads: googleAdsAccounts,
  meta_ads: metaAdsAccounts,
  tiktok_ads: tiktokAdsAccounts,
};

/**
 * "Test connection"'s platform client of an agent connector: its type, its credentials (from the
 * credential store) and the external accounts it is configured for (none: every account the
 * credentials see). It lists accounts only: the same session and wire code as the sync's, without
 * the daily grain, which TestAgentConnection's bundle then leaves out (docs/lambda-bundles.md). csv_upload has no platform to ask: undefined.
 */
export function platformClientFor(
  type: ConnectorType,
  credentials: PlatformCredentials,
  externalAccountIds: readonly string[] = [],
): AccountLister | undefined {
  if (!isPlatformId(type)) return undefined;
  return ACCOUNT_LISTERS[type](credentials, externalAccountIds.length ? externalAccountIds : undefined);
}
