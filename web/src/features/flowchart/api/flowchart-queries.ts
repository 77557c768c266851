import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { allVendorsQuery } from '../../../lib/all-vendors';

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
  vendors: allVendorsQuery,
};
