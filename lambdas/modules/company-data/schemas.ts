// Named imports, not the `z` namespace (see shared/schema-fields.ts).
import { object, string } from 'zod/mini';
import { maxLength } from 'zod/mini';
import { id, matches, requiredText } from '../../shared/schema-fields';
import { COMPANY_NAME_MAX } from '../companies/schemas';

/**
 * Inputs of a company's own data: its export (an Admin of the company) and its deletion (a system
 * administrator). Shared with the console's export button and scripts/delete-company.ts.
 */

/** A job's id: its start in epoch ms, a dash, a UUID (as a CSV import's). */
export const COMPANY_DATA_JOB_ID_PATTERN = /^\d{13}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const jobId = () => string().check(maxLength(50), matches(COMPANY_DATA_JOB_ID_PATTERN, 'INVALID'));

/** StartCompanyExport: nothing to say; the company is the caller's own. */
export const startCompanyExport = object({});
export const getCompanyExport = object({ exportId: jobId() });

/** DeleteCompany: the company by id, and its name typed again exactly (the confirmation). */
export const deleteCompany = object({
  companyId: id(),
  confirmName: requiredText(COMPANY_NAME_MAX),
});
export const getCompanyDeletion = object({ deletionId: jobId() });
