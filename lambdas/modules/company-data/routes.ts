import { deleteCompany, getCompanyDeletion, getCompanyExport, startCompanyExport } from './schemas';
import type { CompanyDeletionView, CompanyExportView } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * A company's own data (docs/operations.md "A company's own data: export and deletion"), under
 * CompaniesService's name (the API's service of companies, and its stack) but a module of its own:
 * the job reads every module's items and reuses the plan export, which the companies module must not
 * reach.
 */
export const startCompanyExportRoute = /* @__PURE__ */ route({
  service: 'CompaniesService',
  method: 'StartCompanyExport',
  access: 'write',
  requires: 'admin',
  accountScope: 'none',
  input: startCompanyExport,
  reply: replyOf<CompanyExportView>,
  summary: "Starts an export of ALL of the caller's company's data into one zip archive (a job; audited)",
});

export const getCompanyExportRoute = /* @__PURE__ */ route({
  service: 'CompaniesService',
  method: 'GetCompanyExport',
  access: 'read',
  requires: 'admin',
  accountScope: 'none',
  input: getCompanyExport,
  reply: replyOf<CompanyExportView>,
  summary: "The company export's progress and, once done, a short-lived download link",
});

export const deleteCompanyRoute = /* @__PURE__ */ route({
  service: 'CompaniesService',
  method: 'DeleteCompany',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: deleteCompany,
  reply: replyOf<CompanyDeletionView>,
  summary:
    "Starts the deletion of a company (system admins; its name repeated): every item, file and user-pool user of it (a job; audited in the platform's partition)",
});

export const getCompanyDeletionRoute = /* @__PURE__ */ route({
  service: 'CompaniesService',
  method: 'GetCompanyDeletion',
  access: 'read',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: getCompanyDeletion,
  reply: replyOf<CompanyDeletionView>,
  summary: "A company deletion's progress",
});

export const COMPANY_DATA_ROUTES = [
  startCompanyExportRoute,
  getCompanyExportRoute,
  deleteCompanyRoute,
  getCompanyDeletionRoute,
] as const;
