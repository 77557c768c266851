import type { output } from 'zod/mini';
import { ConflictError } from '../../core/errors';
import { PLATFORM_COMPANY_ID } from '../channel-types';
import { companyCounts, getCompany, listCompanies, newCompanyWrites, type Company } from '../tenancy';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import type { UserPoolAdmin } from '../../aws/user-pool-admin';
import type { createCompany, createCompanyInput, getCompaniesList } from './schemas';
import { DEFAULT_TIME_ZONE } from '../../shared/calendar';
import { isLocale } from '../../shared/locales';
import { Permission, Role } from '../../shared/permissions';
import type { CompaniesPage, CompanyView, CreatedCompany } from './replies';
import { DEFAULT_CONFIGURATION } from '../configurations';
import { inviteUserIntoCompany } from '../users';

/**
 * The platform's agencies, for system administrators: CompaniesService's routes check
 * isSystemAdmin (modules/companies/routes.ts), and the admin script (scripts/admin.ts) runs the same
 * functions with the operator's AWS credentials against a stage's table and user pool.
 */

/** Companies per list page: each one costs two COUNT Queries (modules/tenancy/company-store.dynamodb.ts companyCounts). */
export const COMPANIES_PAGE_MAX = 100;
const COMPANIES_PAGE_DEFAULT = 50;

async function viewOf(c: Company): Promise<CompanyView> {
  const counts = await companyCounts(c.companyId);
  return {
    CompanyId: c.companyId,
    Name: c.Name,
    DefaultLocale: isLocale(c.DefaultLocale) ? c.DefaultLocale : 'he',
    CreatedAt: c.createdAt ?? '',
    UserCount: counts.users,
    AccountCount: counts.accounts,
  };
}

/** Every company by id (the platform company 0 is not an agency: left out), with its counts. */
export async function getCompaniesListFor(input: output<typeof getCompaniesList>): Promise<CompaniesPage> {
  const limit = Math.min(input.pageSize ?? COMPANIES_PAGE_DEFAULT, COMPANIES_PAGE_MAX);
  const page = await listCompanies(limit, input.nextToken);
  const Items = await Promise.all(page.items.filter((c) => c.companyId !== PLATFORM_COMPANY_ID).map(viewOf));
  return { Items, NextToken: page.nextToken };
}

/** Tries at taking a company id that no company has (ids made outside the counter: the seed's 1 and 2). */
const ID_TRIES = 20;

/** The next company id from the platform's counter (`C#0` / `COUNTER#Company`), past any id already taken. */
async function newCompanyId(): Promise<number> {
  for (let i = 0; i < ID_TRIES; i++) {
    const id = await nextId(PLATFORM_COMPANY_ID, 'Company');
    if (!(await getCompany(id))) return id;
  }
  throw new ConflictError('No free company id was found; try again', 'BUSY');
}

export type NewCompany = output<typeof createCompanyInput>;

/**
 * Creates an agency: its company item, its configuration (DEFAULT_CONFIGURATION with its time
 * zone and default locale) and its first Admin (role Administrator, every account), invited through
 * the one invitation of modules/users/invites.ts. All or nothing: the company's items are written in
 * the invitation's own transaction, so if the user pool refuses the address (USER_EXISTS, a bad
 * e-mail) or is down, nothing of the company exists; if the transaction fails, the invitation
 * removes the pool's user again. A failed attempt leaves only a gap in the id counter.
 */
export async function createCompanyWithAdmin(
  input: NewCompany,
  by: string,
  pool?: UserPoolAdmin,
): Promise<CreatedCompany> {
  const companyId = await newCompanyId();
  const defaultLocale = input.defaultLocale ?? 'he';
  const company: Company = {
    companyId,
    Name: input.name,
    Logo: '',
    DefaultLocale: defaultLocale,
    createdAt: new Date().toISOString(),
  };
  const { version: _v, ...defaults } = DEFAULT_CONFIGURATION;
  const configuration = { ...defaults, TimeZone: input.timeZone ?? DEFAULT_TIME_ZONE, DefaultLocale: defaultLocale };
  const admin = await inviteUserIntoCompany(
    companyId,
    {
      email: input.adminEmail,
      name: input.adminName,
      roleId: Role.Administrator,
      permissions: [Permission.Admin],
      accountAccess: 'all',
      isSystemAdmin: false,
      mail: { locale: defaultLocale, company: input.name },
    },
    by,
    pool,
    newCompanyWrites(company, configuration, by),
  );
  return {
    Company: {
      CompanyId: companyId,
      Name: company.Name,
      DefaultLocale: defaultLocale,
      CreatedAt: company.createdAt,
      UserCount: 1,
      AccountCount: 0,
    },
    Admin: { Sub: admin.sub, Email: admin.email, Name: admin.name },
  };
}

export function createCompanyFor(
  caller: UserProfile,
  input: output<typeof createCompany>,
  pool?: UserPoolAdmin,
): Promise<CreatedCompany> {
  return createCompanyWithAdmin(input.company, caller.email, pool);
}
