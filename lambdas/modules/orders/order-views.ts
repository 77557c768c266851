import { minorToNumber } from '../../shared/money';
import { CURRENCY_CODES } from '../../shared/version-status';
import { getActivity, type Activity } from '../activities';
import { cachedAccounts, type Account } from '../tenancy';
import { getVendor, type Vendor } from '../vendors';
import type { OfflineAcceptanceView, OrderLineDiff, OrderSendView, OrderSummary, OrderView } from './replies';
import { periodTotals } from './order-amounts';
import type { OfflineAcceptance, Order, OrderLine, OrderSend } from './store';

/** The names an order's reply shows: its activity, accounts and vendor. */
export interface OrderNames {
  activities: Map<number, Activity>;
  accounts: Map<number, Account>;
  vendors: Map<number, Vendor>;
}

/** The activities, accounts and vendors of some orders, each read once. */
export async function namesOf(companyId: number, orders: readonly Order[]): Promise<OrderNames> {
  const ids = <K extends keyof Order>(k: K) => [...new Set(orders.map((o) => o[k]).filter((v) => v !== null))];
  const [activities, accounts, vendors] = await Promise.all([
    Promise.all(ids('ActivityId').map((id) => getActivity(companyId, id as number))),
    cachedAccounts(companyId, [...ids('AccountId'), ...ids('SubAccountId')] as number[]),
    Promise.all(ids('VendorId').map((id) => getVendor(companyId, id as number))),
  ]);
  const byId = <T extends { ID: number }>(list: (T | undefined)[]) =>
    new Map(list.filter((x): x is T => x !== undefined).map((x) => [x.ID, x]));
  return { activities: byId(activities), accounts: byId(accounts), vendors: byId(vendors) };
}

export function summaryOf(o: Order, names: OrderNames): OrderSummary {
  return {
    ID: o.ID,
    ActivityId: o.ActivityId,
    ActivityName: names.activities.get(o.ActivityId)?.Name ?? '',
    AccountId: o.AccountId,
    AccountName: names.accounts.get(o.AccountId)?.Name ?? '',
    SubAccountId: o.SubAccountId,
    VendorId: o.VendorId,
    VendorName: names.vendors.get(o.VendorId)?.Name ?? '',
    MediaMixId: o.MediaMixId,
    PlanVersion: o.PlanVersion,
    Version: o.Version,
    Status: o.Status,
    Currency: o.Currency,
    CurrencyCode: CURRENCY_CODES[o.Currency],
    LineCount: o.Lines.length,
    Total: minorToNumber(o.TotalMinor),
    ApprovedBy: o.ApprovedBy,
    ApprovedAt: o.ApprovedAt,
    version: o.version,
    createdAt: o.createdAt,
    createdBy: o.createdBy,
    updatedAt: o.updatedAt,
    updatedBy: o.updatedBy,
  };
}

const lineView = (l: OrderLine) => ({
  LineId: l.LineId,
  Name: l.Name,
  ChannelTypeName: l.ChannelTypeName,
  AccountChannelTypeId: l.AccountChannelTypeId,
  StartDate: l.StartDate,
  EndDate: l.EndDate,
  Months: l.Months.map((m) => ({ Month: m.Month, Amount: minorToNumber(m.AmountMinor) })),
  Total: minorToNumber(l.TotalMinor),
});

/** The whole order as GetOrder shows it, with what changed in the plan since (computed by the caller). */
export function orderView(
  o: Order,
  names: OrderNames,
  change: { ChangedIn: OrderView['ChangedIn']; Diff: OrderLineDiff[] },
): OrderView {
  return {
    ...summaryOf(o, names),
    PlanCurrency: o.PlanCurrency,
    Rate: o.Rate,
    Lines: o.Lines.map(lineView),
    Periods: periodTotals(o.Lines).map((m) => ({ Month: m.Month, Amount: minorToNumber(m.AmountMinor) })),
    RevokedBy: o.RevokedBy,
    RevokedAt: o.RevokedAt,
    RevokeReason: o.RevokeReason,
    History: o.History.map(({ TotalMinor, ...h }) => ({ ...h, Total: minorToNumber(TotalMinor) })),
    Changed: change.ChangedIn !== null,
    ChangedIn: change.ChangedIn,
    Diff: change.Diff,
    Send: o.Send ? sendView(o, o.Send) : null,
    Offline: o.Offline ? offlineView(o, o.Offline) : null,
  };
}

const sendView = (o: Order, s: OrderSend): OrderSendView => ({
  OrderVersion: s.OrderVersion,
  SentAt: s.SentAt,
  SentBy: s.SentBy,
  Recipients: s.Recipients,
  Language: s.Language,
  Instructions: s.Instructions,
  PdfSha256: s.PdfSha256,
  XlsxSha256: s.XlsxSha256,
  ExpiresAt: s.ExpiresAt,
  Current: sendIsCurrent(o, s),
  Decision: s.Decision,
});

const offlineView = (o: Order, { Key: _key, ...rest }: OfflineAcceptance): OfflineAcceptanceView => ({
  ...rest,
  Current: offlineIsCurrent(o, rest),
});

/** A signed copy accepts the order while it is approved at the version signed (kept, outdated, after a revoke). */
export const offlineIsCurrent = (
  o: Pick<Order, 'Status' | 'Version'>,
  a: Pick<OfflineAcceptance, 'OrderVersion'>,
): boolean => o.Status === 'approved' && a.OrderVersion === o.Version;

/** A send's links open the order while it is approved at the version sent and no newer send replaced it. */
export const sendIsCurrent = (o: Pick<Order, 'Status' | 'Version'>, s: Pick<OrderSend, 'OrderVersion'>): boolean =>
  o.Status === 'approved' && s.OrderVersion === o.Version;
