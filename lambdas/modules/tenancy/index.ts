/** What other modules may use of tenancy: nothing else of this folder. */
export { getCompany } from './company-store.dynamodb';
export type { UserProfile } from './profile-store';
export type { Account } from './account-store';
export { getAccount } from './account-store.dynamodb';
export { askedAccount, loadAccountInScope } from './access';
export { getAccounts } from './account-store.dynamodb';
export type { Company } from './company-store';
export { companyCounts, listCompanies, newCompanyWrites } from './company-store.dynamodb';
export { getProfile, identityItem, profileItem, recordLogin, toProfile } from './profile-store.dynamodb';
export { loadVisibleAccount, maySeeAccount } from './access';
export { cachedAccounts, placementsOf } from './access';
export { accessPermissions } from './access';
export type { AccountRow, AccountStatus } from './account-store';
export {
  getAccountRows,
  getNameClaim,
  insertAccount,
  listAccountRowsByParent,
  listAccountsByParent,
  listAllSubAccounts,
  replaceAccounts,
} from './account-store.dynamodb';
export { listCompanyIds } from './company-store.dynamodb';
