/** What other modules may use of tenancy: nothing else of this folder. */
export { getCompany } from './company-store';
export { type UserProfile } from './profile-store';
export { getAccount, type Account } from './account-store';
export { askedAccount, loadAccountInScope } from './access';
export { getAccounts } from './account-store';
export { companyCounts, listCompanies, newCompanyWrites, type Company } from './company-store';
export { getProfile, identityItem, profileItem, recordLogin, toProfile } from './profile-store';
export { loadVisibleAccount, maySeeAccount } from './access';
export { cachedAccounts, placementsOf } from './access';
export { accessPermissions } from './access';
export {
  getAccountRows,
  getNameClaim,
  insertAccount,
  listAccountRowsByParent,
  listAccountsByParent,
  listAllSubAccounts,
  replaceAccounts,
  type AccountRow,
  type AccountStatus,
} from './account-store';
export { listCompanyIds } from './company-store';
