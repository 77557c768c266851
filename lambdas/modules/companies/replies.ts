import type { Page } from '../../shared/replies/reply';
import type { Locale } from '../../shared/locales';

/**
 * Replies of CompaniesService: the platform's agencies as system administrators see
 * them. Plain TypeScript shared with the console and the admin script.
 */
export interface CompanyView {
  CompanyId: number;
  Name: string;
  DefaultLocale: Locale;
  CreatedAt: string;
  /** Profiles of the company (invited, active and disabled). */
  UserCount: number;
  /** Active accounts, main and sub-accounts (archived ones left out). */
  AccountCount: number;
}

/** GetCompaniesList: by id (the order they were made in), paginated. */
export type CompaniesPage = Page<CompanyView>;

/** CreateCompany: the new company and its first Admin (invited: the temporary password went by e-mail). */
export interface CreatedCompany {
  Company: CompanyView;
  Admin: { Sub: string; Email: string; Name: string };
}
