import type { AccountMarginView, MarginMonthView } from '@server/modules/vendor-bills/replies';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type { AccountMarginView, MarginMonthView };

/** VendorBillsService.GetAccountMargin of the page's account over a range of months, through the query cache. */
export const accountMarginQuery = (accountId: number, fromMonth: string, toMonth: string) =>
  apiQuery(queryKeyOf('VendorBillsService', 'GetAccountMargin', { fromMonth, toMonth }, accountId), (signal) =>
    callApi('VendorBillsService', 'GetAccountMargin', { fromMonth, toMonth }, { accountId, signal }),
  );
