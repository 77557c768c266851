// Named imports, not the `z` namespace (see fields.ts).
import { enum as oneOf, object, optional } from 'zod/mini';
import { isTimeZone } from '../../shared/calendar';
import { email, nextToken, pageSize, requiredText, rule, text } from '../../shared/schema-fields';
import { USER_NAME_MAX } from '../users/schemas';
import { LOCALES } from '../../shared/locales';

/**
 * Inputs of CompaniesService: the platform's agencies, for system administrators only.
 * Shared with the console's create dialog (useRouteForm) and the admin script (scripts/admin.ts).
 */

/** The languages a new agency may start in (its configuration's DefaultLocale; changed later in its settings). */
export const COMPANY_LOCALES = LOCALES;

/** A company's name (the sign-in reply and the console's header show it). */
export const COMPANY_NAME_MAX = 100;

export const getCompaniesList = object({
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const createCompanyInput = object({
  name: requiredText(COMPANY_NAME_MAX),
  /** The first Admin: invited with a temporary password, as UsersService.InviteUser does. */
  adminEmail: email(),
  adminName: requiredText(USER_NAME_MAX),
  /** IANA time zone of the company's day (configuration TimeZone); Asia/Jerusalem when left out. */
  timeZone: optional(text(64).check(rule(isTimeZone, 'TIME_ZONE'))),
  defaultLocale: optional(oneOf(COMPANY_LOCALES)),
});

export const createCompany = object({ company: createCompanyInput });
