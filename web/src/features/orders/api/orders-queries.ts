import { useQuery } from '@tanstack/react-query';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { usePagedList, type PagedList } from '../../../lib/paged-list';
import { queryClient } from '../../../lib/query-client';
import { fetchOrder, fetchOrdersPage, PAGE_SIZE, type OrderSummary, type OrdersFilter } from './orders-api';

const listKey = (filter: OrdersFilter, accountId: number | null) =>
  [
    ...queryKeyOf('OrdersService', 'GetOrdersList', { ...filter, pageSize: PAGE_SIZE, nextToken: null }),
    accountId,
    'pages',
  ] as const;

/** GetOrdersList with its filters, a page at a time ("More"). */
export function useOrdersList(filter: OrdersFilter, accountId: number | null = null): PagedList<OrderSummary> {
  return usePagedList(listKey(filter, accountId), (nextToken, signal) =>
    fetchOrdersPage(filter, accountId, nextToken, signal),
  );
}

/** GetOrder: the order with its months, history and the plan's changes. */
export function useOrder(accountId: number, orderId: number) {
  return useQuery(
    apiQuery([...queryKeyOf('OrdersService', 'GetOrder', { orderId }), accountId], (signal) =>
      fetchOrder(accountId, orderId, signal),
    ),
  );
}

/** After a write: every cached orders list and order is read again when shown. */
export async function ordersChanged(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['OrdersService', 'GetOrdersList'] }),
    queryClient.invalidateQueries({ queryKey: ['OrdersService', 'GetOrder'] }),
  ]);
}
