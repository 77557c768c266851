import type { Vendor, VendorsPage } from '@server/modules/vendors/replies';
import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';

/** Every vendor of the company, active and archived (a line may keep an archived one), page after page. */
async function allVendors(signal: AbortSignal): Promise<Vendor[]> {
  const out: Vendor[] = [];
  for (const archived of [false, true]) {
    let nextToken: string | null = null;
    do {
      const page: VendorsPage = await callApi(
        'VendorsService',
        'GetVendorsList',
        { archived, pageSize: 500, nextToken },
        { signal },
      );
      out.push(...page.Items);
      nextToken = page.NextToken;
    } while (nextToken);
  }
  return out;
}

/**
 * The flowchart's reads: the version (GetMediaMixInfo), the account's channel types (their
 * groups) and, for staff grouping by vendor, the company's vendors (their names). The same keys as the plan screen's reads (lib/api-query.ts), so coming from the plan
 * finds both in the one cache.
 */
export const flowQueries = {
  info: (accountId: number, versionId: number) =>
    apiQuery(queryKeyOf('MediaMixService', 'GetMediaMixInfo', { mediaMixId: versionId }, accountId), (signal) =>
      callApi('MediaMixService', 'GetMediaMixInfo', { mediaMixId: versionId }, { accountId, signal }),
    ),
  channelTypes: (accountId: number) =>
    apiQuery(queryKeyOf('AccountsService', 'GetAccountChannelTypesList', {}, accountId), (signal) =>
      callApi('AccountsService', 'GetAccountChannelTypesList', {}, { accountId, signal }),
    ),
  vendors: () => apiQuery([...queryKeyOf('VendorsService', 'GetVendorsList', { pageSize: 500 }), 'every'], allVendors),
};
