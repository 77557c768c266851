import type { FrameCell, FrameScreen } from '../../lib/first-frame/screen';
import type { VendorBillSummary } from './api/payables-api';
import { isPayablesList, PAGE_SIZE } from './api/first-page';
import { billTexts } from './components/bill-cells';

/**
 * The payables as their first render draws them: the first page of GetVendorBillsList with no
 * filter, every bill of it in the server's order, the two statuses as the screen worded them.
 */
export const payablesFrame: FrameScreen<FrameCell[]> = {
  id: 'payables',
  call({ pathname, search }) {
    if (!isPayablesList(pathname, search)) return null;
    const body = { pageSize: PAGE_SIZE, nextToken: null };
    return { service: 'VendorBillsService', method: 'GetVendorBillsList', body, accountId: null };
  },
  rows(reply, view) {
    const items = (reply as { Items?: unknown } | null)?.Items;
    if (!Array.isArray(items)) return [];
    return (items as VendorBillSummary[]).map((b) => [
      ...billTexts(b, view.locale).map((text) => ({ text })),
      { variant: b.Status },
      { variant: b.PayStatus },
    ]);
  },
};
