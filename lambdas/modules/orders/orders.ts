import { ForbiddenError, NotFoundError } from '../../core/errors';
import type { UserProfile } from '../tenancy';
import { approvedOrder, revokedOrder, stale } from './order-versioning';
import { namesOf, orderView, summaryOf } from './order-views';
import { changeOf } from './plan-source';
import type { OrdersPage, OrderView } from './replies';
import type { GetOrdersListInput } from './schemas';
import type { Order } from './store';
import { getOrder, listOrders, replaceOrder } from './store.dynamodb';

const DEFAULT_PAGE_SIZE = 50;

/**
 * An order of the page's account: its activity's main account or the sub-account the activity is
 * booked on (the kit has checked that the caller may open the page's account). Another company's
 * id is not found; another account's is 403.
 */
export async function loadOrderInScope(caller: UserProfile, scopeAccountId: number, orderId: number): Promise<Order> {
  const o = await getOrder(caller.companyId, orderId, true);
  if (!o) throw new NotFoundError(`Order ${orderId} was not found`, 'NOT_FOUND', { entity: 'Order', id: orderId });
  if (o.AccountId !== scopeAccountId && o.SubAccountId !== scopeAccountId)
    throw new ForbiddenError(`Order ${orderId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
      entity: 'Order',
      id: orderId,
      accountId: scopeAccountId,
    });
  return o;
}

export async function viewOf(companyId: number, o: Order): Promise<OrderView> {
  const [names, change] = await Promise.all([namesOf(companyId, [o]), changeOf(companyId, o)]);
  return orderView(o, names, change);
}

/** OrdersService.GetOrder: the order with its lines, months, history and what changed in the plan since. */
export async function getOrderFor(caller: UserProfile, scopeAccountId: number, orderId: number): Promise<OrderView> {
  return viewOf(caller.companyId, await loadOrderInScope(caller, scopeAccountId, orderId));
}

/**
 * OrdersService.GetOrdersList: the orders of the accounts the caller may open (profile's account
 * access, a main account covering its sub-accounts), of the page's account when one is sent, by
 * the filters given, newest first.
 */
export async function listOrdersFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: GetOrdersListInput,
): Promise<OrdersPage> {
  const access = caller.accountAccess;
  const keep = (o: Order) =>
    (access === 'all' || access.includes(o.AccountId)) &&
    (scopeAccountId === undefined || o.AccountId === scopeAccountId || o.SubAccountId === scopeAccountId) &&
    (input.mediaMixId === undefined || o.MediaMixId === input.mediaMixId) &&
    (input.activityId === undefined || o.ActivityId === input.activityId) &&
    (input.vendorId === undefined || o.VendorId === input.vendorId) &&
    (input.status === undefined || o.Status === input.status);
  const page = await listOrders(caller.companyId, keep, input.pageSize ?? DEFAULT_PAGE_SIZE, input.nextToken);
  const names = await namesOf(caller.companyId, page.items);
  return { Items: page.items.map((o) => summaryOf(o, names)), NextToken: page.nextToken };
}

/** OrdersService.ApproveOrder: locks a draft from the row version read (order-versioning.ts). */
export async function approveOrderFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: { orderId: number; version: number },
): Promise<OrderView> {
  const before = await loadOrderInScope(caller, scopeAccountId, input.orderId);
  const after = approvedOrder(before, input.version, caller.email, new Date().toISOString());
  await replaceOrder(caller.companyId, before, after, 'approve', stale());
  return viewOf(caller.companyId, after);
}

/** OrdersService.RevokeOrder: unlocks an approved order, with the reason. */
export async function revokeOrderFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: { orderId: number; version: number; reason: string },
): Promise<OrderView> {
  const before = await loadOrderInScope(caller, scopeAccountId, input.orderId);
  const after = revokedOrder(before, input.version, caller.email, new Date().toISOString(), input.reason);
  await replaceOrder(caller.companyId, before, after, 'revoke', stale());
  return viewOf(caller.companyId, after);
}
