import type { ListPage } from '../../aws/dynamodb/page-token';
import type { Write } from '../../aws/dynamodb/transaction';
import type { Locale } from '../../shared/locales';

export interface Company {
  companyId: number;
  Name: string;
  /** The version of the company's logo in use, '' when it has none (modules/configurations/logo.ts). */
  Logo: string;
  /** The logo's type, beside `Logo`. */
  LogoContentType?: 'image/png' | 'image/jpeg';
  /** The configuration's DefaultLocale (a console locale; older items may hold another value). */
  DefaultLocale: Locale;
  createdAt: string;
}

/** What the company rules need of storage; company-store.dynamodb.ts implements it. */
export interface CompanyStore {
  getCompany(companyId: number): Promise<Company | undefined>;
  /** Creates a company once (seed / platform onboarding); false when it exists already. */
  createCompany(c: Company): Promise<boolean>;
  /** The ids of every company, in id order. */
  listCompanyIds(): Promise<number[]>;
  /** One page of the companies in id order. */
  listCompanies(limit: number, nextToken: string | null | undefined): Promise<ListPage<Company>>;
  /** A company's user and active-account counts, counted when asked. */
  companyCounts(companyId: number): Promise<{ users: number; accounts: number }>;
  /** The writes that make a new company, to ride in its first Admin's invitation transaction. */
  newCompanyWrites(company: Company, configuration: Record<string, unknown>, by: string): Write[];
}
