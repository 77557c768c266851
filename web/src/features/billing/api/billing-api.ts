import type { BillableLineView, BillableNotFinalReason, BillableStatementView } from '@server/modules/billing/replies';
import { exportLanguageOf } from '@server/shared/export-language';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type { BillableLineView, BillableNotFinalReason, BillableStatementView };

/** BillingService.GetBillableStatement through the query cache, keyed by the page's account and the month. */
export const billableStatementQuery = (accountId: number, month: string) =>
  apiQuery(queryKeyOf('BillingService', 'GetBillableStatement', { month }, accountId), (signal) =>
    callApi('BillingService', 'GetBillableStatement', { month }, { accountId, signal }),
  );

export const markBillableFinal = ({
  accountId,
  month,
  version,
}: {
  accountId: number;
  month: string;
  version: number;
}) => callApi('BillingService', 'MarkBillableFinal', { month, version }, { accountId });

export const exportBillableStatement = (accountId: number, month: string, locale: string) =>
  callApi('BillingService', 'ExportBillableStatement', { month, language: exportLanguageOf(locale) }, { accountId });

export const reopenBillableMonth = ({
  accountId,
  month,
  reason,
  version,
}: {
  accountId: number;
  month: string;
  reason: string;
  version: number;
}) => callApi('BillingService', 'ReopenBillableMonth', { month, reason, version }, { accountId });
