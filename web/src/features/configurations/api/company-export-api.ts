import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyExportView } from '@server/modules/company-data/replies';
import { callApi } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/api-query';

export type { CompanyExportView };

/** How often a running export is read again. */
export const EXPORT_POLL_MS = 2000;

/** GetCompanyExport, read again every EXPORT_POLL_MS while the job runs, then no more. */
export const companyExportQuery = (exportId: string) =>
  queryOptions({
    queryKey: queryKeyOf('CompaniesService', 'GetCompanyExport', { exportId }),
    queryFn: ({ signal }) => callApi('CompaniesService', 'GetCompanyExport', { exportId }, { signal }),
    refetchInterval: (q) => (q.state.data?.Status === 'Running' ? EXPORT_POLL_MS : false),
    // The download link is short-lived: a later visit asks for a fresh one.
    staleTime: 0,
  });

/** StartCompanyExport; its reply is the new export's first read. */
export function useStartCompanyExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('CompaniesService', 'StartCompanyExport', {}),
    onSuccess: (started) => qc.setQueryData(companyExportQuery(started.ExportId).queryKey, started),
  });
}
