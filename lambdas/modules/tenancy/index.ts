/** What other modules may use of tenancy: nothing else of this folder. */
export { getCompany } from './company-store';
export { type UserProfile } from './profile-store';
