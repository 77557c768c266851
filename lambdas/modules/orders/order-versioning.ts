import { ConflictError, STALE_VERSION_MESSAGE } from '../../core/errors';
import type { GenerateOutcome } from './replies';
import type { Order } from './store';

/**
 * An order's life (docs/buy-side.md, "Order versions"):
 * - GenerateOrders creates it as Version 1, draft; while it is a draft each GenerateOrders refreshes
 *   its lines from the version it is given; an approved order is never touched (it shows Changed);
 * - ApproveOrder locks it. Its first approval keeps its number; an order approved before (and then
 *   revoked) becomes Version N + 1 when approved again, so every approved version of an order has
 *   its own number and an approved order keeps the one it was approved with;
 * - RevokeOrder unlocks it (draft again, the approval kept in History with who, when and why).
 * Approving an approved order or revoking a draft is 409 STALE_VERSION: the console offers each only
 * in the other state, so the caller's page is out of date (the message says which state it is in).
 */

export const stale = () => new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');

type Content = Pick<Order, 'AccountId' | 'SubAccountId' | 'MediaMixId' | 'Currency' | 'Rate' | 'Lines'>;

/**
 * What an order's content is made of, in a fixed order of fields: a stored order comes back from
 * the table with its attributes in another order than it was written, so objects are not compared as text.
 */
const contentKey = (c: Content) =>
  JSON.stringify([
    c.AccountId,
    c.SubAccountId,
    c.MediaMixId,
    c.Currency,
    c.Rate && [c.Rate.Rate, c.Rate.From, c.Rate.To, c.Rate.Date],
    c.Lines.map((l) => [
      l.LineId,
      l.Name,
      l.ChannelTypeName,
      l.AccountChannelTypeId,
      l.StartDate,
      l.EndDate,
      l.TotalMinor,
      l.Months.map((m) => [m.Month, m.AmountMinor]),
    ]),
  ]);

/** What GenerateOrders does to the order of a vendor: create, refresh a draft whose content differs, or leave it. */
export function generateOutcome(
  existing: (Content & Pick<Order, 'Status'>) | undefined,
  content: Content,
): GenerateOutcome {
  if (!existing) return 'created';
  if (existing.Status === 'approved') return 'locked';
  return contentKey(existing) === contentKey(content) ? 'unchanged' : 'refreshed';
}

function requireVersion(o: Pick<Order, 'version'>, read: number): void {
  if (o.version !== read) throw stale();
}

/** The order approved by `who` at `at`, from the row version the caller read. */
export function approvedOrder(o: Order, read: number, who: string, at: string): Order {
  requireVersion(o, read);
  if (o.Status === 'approved')
    throw new ConflictError(
      `Order ${o.ID} is approved already (version ${o.Version}); ${STALE_VERSION_MESSAGE}`,
      'STALE_VERSION',
    );
  const n = o.LastApprovedVersion === null ? o.Version : o.LastApprovedVersion + 1;
  return {
    ...o,
    Version: n,
    Status: 'approved',
    LastApprovedVersion: n,
    ApprovedBy: who,
    ApprovedAt: at,
    RevokedBy: null,
    RevokedAt: null,
    RevokeReason: null,
    History: [
      ...o.History,
      {
        Version: n,
        MediaMixId: o.MediaMixId,
        PlanVersion: o.PlanVersion,
        TotalMinor: o.TotalMinor,
        ApprovedBy: who,
        ApprovedAt: at,
        RevokedBy: null,
        RevokedAt: null,
        RevokeReason: null,
      },
    ],
    version: o.version + 1,
    updatedAt: at,
    updatedBy: who,
  };
}

/** The approved order unlocked by `who` (draft again; its approval stays in History, now with the revocation). */
export function revokedOrder(o: Order, read: number, who: string, at: string, reason: string): Order {
  requireVersion(o, read);
  if (o.Status !== 'approved')
    throw new ConflictError(`Order ${o.ID} is a draft, not approved; ${STALE_VERSION_MESSAGE}`, 'STALE_VERSION');
  const history = o.History.map((h, i) =>
    i === o.History.length - 1 ? { ...h, RevokedBy: who, RevokedAt: at, RevokeReason: reason } : h,
  );
  return {
    ...o,
    Status: 'draft',
    ApprovedBy: null,
    ApprovedAt: null,
    RevokedBy: who,
    RevokedAt: at,
    RevokeReason: reason,
    History: history,
    version: o.version + 1,
    updatedAt: at,
    updatedBy: who,
  };
}

/** A draft order refreshed from a plan version's content (its number and history unchanged). */
export function refreshedOrder(
  o: Order,
  content: Pick<
    Order,
    | 'AccountId'
    | 'SubAccountId'
    | 'MediaMixId'
    | 'PlanVersion'
    | 'Currency'
    | 'PlanCurrency'
    | 'Rate'
    | 'Lines'
    | 'TotalMinor'
  >,
  who: string,
  at: string,
): Order {
  return { ...o, ...content, version: o.version + 1, updatedAt: at, updatedBy: who };
}
