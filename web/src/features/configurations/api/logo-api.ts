import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { companyLogoQuery } from '../../../lib/company-logo';

/** SaveCompanyLogo (the file as base64); its reply is the logo read's answer from then on. */
export function useSaveCompanyLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Logo: string) => callApi('ConfigurationsService', 'SaveCompanyLogo', { Logo }),
    onSuccess: (saved) => qc.setQueryData(companyLogoQuery().queryKey, saved),
  });
}

/** DeleteCompanyLogo; the company has no logo from then on. */
export function useDeleteCompanyLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('ConfigurationsService', 'DeleteCompanyLogo', {}),
    onSuccess: (removed) => qc.setQueryData(companyLogoQuery().queryKey, removed),
  });
}
