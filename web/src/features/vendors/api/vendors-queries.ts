import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { useApiMutation, type RouteReads } from '../../../lib/api-mutation';
import { usePagedList, type PagedList } from '../../../lib/paged-list';
import {
  archiveVendor,
  fetchVendor,
  fetchVendorsPage,
  PAGE_SIZE,
  restoreVendor,
  saveVendor,
  type Vendor,
  type VendorsFilter,
} from './vendors-api';

/** The cache key of a list with its filters: GetVendorsList's first page (queryKeyOf), then 'pages'. */
const listKey = (filter: VendorsFilter) =>
  [
    ...queryKeyOf('VendorsService', 'GetVendorsList', { ...filter, pageSize: PAGE_SIZE, nextToken: null }),
    'pages',
  ] as const;

/** GetVendorsList with its filters through the query cache, a page at a time ("More"). */
export function useVendorsList(filter: VendorsFilter): PagedList<Vendor> {
  return usePagedList(listKey(filter), (nextToken, signal) => fetchVendorsPage(filter, nextToken, signal));
}

export const vendorQueries = {
  one: (vendorId: number) =>
    apiQuery(queryKeyOf('VendorsService', 'GetVendor', { vendorId }), (signal) => fetchVendor(vendorId, signal)),
};

/** What a vendor write changes: every list of vendors and the vendors read whole. */
export const VENDOR_READS: readonly RouteReads[] = [
  ['VendorsService', 'GetVendorsList'],
  ['VendorsService', 'GetVendor'],
];

/** The vendors screen's writes, each invalidating the reads it changes once it succeeds. */
export function useVendorWrites() {
  return {
    save: useApiMutation(saveVendor, VENDOR_READS),
    archive: useApiMutation(archiveVendor, VENDOR_READS),
    restore: useApiMutation(restoreVendor, VENDOR_READS),
  };
}
