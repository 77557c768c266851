import { createCompany, getCompaniesList } from './schemas';
import type { CompaniesPage, CreatedCompany } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * CompaniesService: the platform's agencies, for system administrators (isSystemAdmin)
 * only. The same domain function serves the admin script against a deployed stage (scripts/admin.ts).
 */
export const getCompaniesListRoute = /* @__PURE__ */ route({
  service: 'CompaniesService',
  method: 'GetCompaniesList',
  access: 'read',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: getCompaniesList,
  reply: replyOf<CompaniesPage>,
  summary: 'Every company by id, with how many users and active accounts it has, paginated',
});

export const createCompanyRoute = /* @__PURE__ */ route({
  service: 'CompaniesService',
  method: 'CreateCompany',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: createCompany,
  reply: replyOf<CreatedCompany>,
  summary:
    'Creates an agency: the company, its configuration (time zone, default locale) and its first Admin invited, all or nothing',
});

export const COMPANIES_SERVICE_ROUTES = [getCompaniesListRoute, createCompanyRoute] as const;
