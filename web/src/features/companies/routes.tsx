import { CompaniesScreen } from './components/companies-screen';
import { areaCatalogues } from '../../locales/areas';

/** /globalSettings/companies/list */
export function CompaniesRoute() {
  return <CompaniesScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('companies');
