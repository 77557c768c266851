import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { fetchAccountChannelTypes, fetchChannelTypes, fetchVendors } from './channel-types-api';

/**
 * The channel-type screens' reads as TanStack Query options (lib/api-query.ts). The account's list
 * has the same key as the plan editor's (route + account + input), so a fee saved here is what the
 * editor offers next, without another read.
 */
export const channelTypeQueries = {
  global: () =>
    apiQuery(queryKeyOf('ChannelTypesService', 'GetChannelTypesList', {}), (signal) => fetchChannelTypes(signal)),
  vendors: (archived: boolean) =>
    apiQuery(queryKeyOf('VendorsService', 'GetVendorsList', { archived, pageSize: 200 }), (signal) =>
      fetchVendors(archived, signal),
    ),
  account: (accountId: number) =>
    apiQuery(queryKeyOf('AccountsService', 'GetAccountChannelTypesList', {}, accountId), (signal) =>
      fetchAccountChannelTypes(accountId, signal),
    ),
};

/** Rows of `list` replaced by the rows with the same ID in `updated`. */
export function mergeById<T extends { ID: number }>(list: T[], updated: readonly T[]): T[] {
  const byId = new Map(updated.map((r) => [r.ID, r]));
  return list.map((r) => byId.get(r.ID) ?? r);
}
