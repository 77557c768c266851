import type { ExportLanguage } from '@server/shared/export-language';
import type { FlowGrain } from '@server/shared/flowchart';
import type { FlowGroupBy } from '../model/flow-view';
import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { allVendorsQuery } from '../../../lib/all-vendors';

/**
 * The flowchart's reads: the version (GetMediaMixInfo), the account's channel types (their
 * groups) and, for staff grouping by vendor, the company's vendors (their names). The same keys as the plan screen's reads (lib/api-query.ts), so coming from the plan
 * finds both in the one cache.
 */
export const flowQueries = {
  info: (accountId: number, versionId: number) =>
    apiQuery(queryKeyOf('MediaMixService', 'GetMediaMixInfo', { mediaMixId: versionId }, accountId), (signal) =>
      callApi('MediaMixService', 'GetMediaMixInfo', { mediaMixId: versionId }, { accountId, signal }),
    ),
  channelTypes: (accountId: number) =>
    apiQuery(queryKeyOf('AccountsService', 'GetAccountChannelTypesList', {}, accountId), (signal) =>
      callApi('AccountsService', 'GetAccountChannelTypesList', {}, { accountId, signal }),
    ),
  vendors: allVendorsQuery,
};

/** The order's read (GetOrder), keyed as the order screen's (features/orders useOrder), so coming from it finds it cached. */
export const orderQuery = (accountId: number, orderId: number) =>
  apiQuery([...queryKeyOf('OrdersService', 'GetOrder', { orderId }), accountId], (signal) =>
    callApi('OrdersService', 'GetOrder', { orderId }, { accountId, signal }),
  );

/** What the PDF is asked for: the UI's language, and the screen's columns and grouping. */
export interface FlowPdfAsk {
  language: ExportLanguage;
  grain: FlowGrain;
  groupBy: FlowGroupBy;
}

/** ExportMediaMixFlowchart: the version's flowchart as a PDF file (Base64, lib/download.ts saves it). */
export const versionFlowchartPdf = (accountId: number, versionId: number, ask: FlowPdfAsk) =>
  callApi('MediaMixService', 'ExportMediaMixFlowchart', { mediaMixId: versionId, ...ask }, { accountId });

/** ExportOrderFlowchart: the order's flowchart as a PDF file (one vendor: no vendor grouping). */
export const orderFlowchartPdf = (accountId: number, orderId: number, ask: FlowPdfAsk) =>
  callApi(
    'OrdersService',
    'ExportOrderFlowchart',
    { orderId, ...ask, groupBy: ask.groupBy === 'vendor' ? 'channelGroup' : ask.groupBy },
    { accountId },
  );
