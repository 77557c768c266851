import type { BillableLineView, BillableNotFinalReason, BillableStatementView } from '@server/shared/replies/billing';
import type { ExportedFile } from '@server/shared/replies/media-mixes';
import { exportLanguageOf } from '@server/shared/export-language';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type { BillableLineView, BillableNotFinalReason, BillableStatementView, ExportedFile };

/** BillingService.GetBillableStatement through the query cache, keyed by the page's account and the month. */
export const billableStatementQuery = (accountId: number, month: string) => apiQuery(
  queryKeyOf('BillingService', 'GetBillableStatement', { month }, accountId),
  (signal) => callApi('BillingService', 'GetBillableStatement', { month }, { accountId, signal }),
);

export const markBillableFinal = ({ accountId, month, version }: { accountId: number; month: string; version: number }) =>
  callApi('BillingService', 'MarkBillableFinal', { month, version }, { accountId });

export const exportBillableStatement = (accountId: number, month: string, locale: string) =>
  callApi('BillingService', 'ExportBillableStatement', { month, language: exportLanguageOf(locale) }, { accountId });

/** Saves a file the API sent as Base64 through a temporary object URL. */
export function downloadFile(file: ExportedFile): void {
  const binary = atob(file.Base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.ContentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.FileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
