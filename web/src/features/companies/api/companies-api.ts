import type { CompaniesPage, CompanyView, CreatedCompany } from '@server/modules/companies/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { CompaniesPage, CompanyView, CreatedCompany };
export type NewCompanyPayload = RequestOf<'CompaniesService', 'CreateCompany'>['company'];

export const PAGE_SIZE = 50;

/** Platform data: no account, so no x-account-id. */
export function fetchCompaniesPage(nextToken: string | null, signal?: AbortSignal) {
  return callApi('CompaniesService', 'GetCompaniesList', { pageSize: PAGE_SIZE, nextToken }, { signal });
}

export function createCompany(company: NewCompanyPayload) {
  return callApi('CompaniesService', 'CreateCompany', { company });
}
