import type { ExportedFile } from '../media-plans/replies/plans';
import { getOrderFor } from '../orders';
import type { UserProfile } from '../tenancy';
import type { GroupedLine } from './grouping';
import { render, type FlowchartAsk } from './render';

/**
 * OrdersService.ExportOrderFlowchart: the order's lines × months in the vendor's currency, read as
 * GetOrder reads it (agency staff, the order's account). One vendor: grouped by channel group or type.
 */
export async function orderFlowchartFor(
  caller: UserProfile,
  accountId: number,
  input: FlowchartAsk & { orderId: number },
): Promise<ExportedFile> {
  const order = await getOrderFor(caller, accountId, input.orderId);
  const lines = order.Lines.map(
    (l): GroupedLine => ({
      id: l.LineId,
      name: l.Name,
      budget: l.Total,
      startDate: l.StartDate,
      endDate: l.EndDate,
      // The order's months are the line's split: the flowchart shows them as they were ordered.
      monthlySplit: Object.fromEntries(l.Months.map((m) => [m.Month, m.Amount])),
      channelTypeId: l.AccountChannelTypeId,
      channelTypeName: l.ChannelTypeName,
      vendorId: order.VendorId,
    }),
  );
  return render(caller, accountId, input, {
    lines,
    title: (L) => `${L.orderTitle(String(order.ID))} · ${order.VendorName}`,
    facts: (L) => [
      [L.order, String(order.ID)],
      [L.version, String(order.Version)],
      [L.vendor, order.VendorName],
      [L.account, order.AccountName],
      [L.activity, order.ActivityName],
      [L.currency, order.CurrencyCode],
    ],
  });
}
