import { CustomColumnsScreen } from './components/custom-columns-screen';
import { areaCatalogues } from '../../locales/areas';

/** /customColumns/list */
export function CustomColumnsRoute() {
  return <CustomColumnsScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('customColumns', 'history');
