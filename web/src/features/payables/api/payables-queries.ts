import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { getSession } from '../../../lib/auth';
import { everyPageQuery } from '../../../lib/every-page';
import { queryClient } from '../../../lib/query-client';
import {
  fetchBill,
  fetchMissingBills,
  fetchOrder,
  fetchPayablesPage,
  type PayablesFilter,
  type PayablesTotal,
  type VendorBillSummary,
} from './payables-api';
import { PAGE_SIZE } from './first-page';

export interface PayablesList {
  rows: VendorBillSummary[];
  /** The sums over every bill the filters keep (the first page says them). */
  totals: PayablesTotal[];
  loading: boolean;
  busy: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

const payablesQuery = (filter: PayablesFilter) =>
  everyPageQuery(
    [
      ...queryKeyOf('VendorBillsService', 'GetVendorBillsList', { ...filter, pageSize: PAGE_SIZE, nextToken: null }),
      'pages',
    ],
    (token, signal) => fetchPayablesPage(filter, token, signal),
  );

/** GetVendorBillsList with its filters, a page at a time ("More"), and its totals. */
export function usePayables(filter: PayablesFilter): PayablesList {
  const q = useInfiniteQuery(payablesQuery(filter));
  return {
    rows: q.data?.pages.flatMap((p) => p.Items) ?? [],
    totals: q.data?.pages[0]?.Totals ?? [],
    loading: q.isPending,
    busy: q.isFetching,
    error: q.error,
    hasMore: q.hasNextPage,
    more: () => void q.fetchNextPage(),
    reload: () => void q.refetch(),
  };
}

/**
 * The payables' first page with the screen's starting filters (none), into the cache where
 * usePayables finds it: called when the route's chunk arrives, while React still renders the layout.
 */
export function prefetchPayables(location: Pick<Location, 'pathname'>): void {
  if (/^\/payables\/list\/?$/i.test(location.pathname) && getSession())
    void queryClient.prefetchInfiniteQuery(payablesQuery({}));
}

export function useMissingBills(enabled: boolean) {
  return useQuery({
    ...apiQuery(queryKeyOf('VendorBillsService', 'GetMissingBills', {}), (signal) => fetchMissingBills(signal)),
    enabled,
  });
}

export function useBill(accountId: number, billId: number | null) {
  return useQuery({
    ...apiQuery([...queryKeyOf('VendorBillsService', 'GetVendorBill', { billId: billId ?? 0 }), accountId], (signal) =>
      fetchBill(accountId, billId ?? 0, signal),
    ),
    enabled: billId !== null,
  });
}

export function useBillOrder(accountId: number, orderId: number | null) {
  return useQuery({
    ...apiQuery([...queryKeyOf('OrdersService', 'GetOrder', { orderId: orderId ?? 0 }), accountId], (signal) =>
      fetchOrder(accountId, orderId ?? 0, signal),
    ),
    enabled: orderId !== null,
  });
}

/** After a write: the payables, the missing bills and the bills are read again when shown. */
export async function billsChanged(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['VendorBillsService', 'GetVendorBillsList'] }),
    queryClient.invalidateQueries({ queryKey: ['VendorBillsService', 'GetMissingBills'] }),
    queryClient.invalidateQueries({ queryKey: ['VendorBillsService', 'GetVendorBill'] }),
  ]);
}
