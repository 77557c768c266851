/** What other code may use of company-data: nothing else of this folder. */
export { companyDataHooks } from './job-queue';
export { deliverCompanyDataJob } from './job-run';
