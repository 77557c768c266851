import { CompaniesScreen } from './components/companies-screen';
import companiesEn from '../../locales/companies.en.json';
import companiesHe from '../../locales/companies.he.json';

/** /globalSettings/companies/list */
export function CompaniesRoute() {
  return <CompaniesScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { companies: { he: companiesHe, en: companiesEn } };
