import type { Locale } from '@server/shared/locales';
import type { NewCompanyPayload } from '../api/companies-api';

/** The create dialog's fields as typed. The screen imports this module: no zod, no react-hook-form here. */
export interface CompanyForm {
  name: string;
  adminEmail: string;
  adminName: string;
  timeZone: string;
  defaultLocale: Locale;
}

export const emptyCompanyForm = (): CompanyForm => ({
  name: '',
  adminEmail: '',
  adminName: '',
  timeZone: 'Asia/Jerusalem',
  defaultLocale: 'he',
});

/** The form as CreateCompany's `company`. */
export const toPayload = (f: CompanyForm): NewCompanyPayload => ({
  name: f.name,
  adminEmail: f.adminEmail.trim(),
  adminName: f.adminName,
  timeZone: f.timeZone.trim() || undefined,
  defaultLocale: f.defaultLocale,
});
