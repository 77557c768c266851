import { ConfigurationsScreen } from './components/configurations-screen';
import { areaCatalogues } from '../../locales/areas';

/** /agentSettings/configurations */
export function ConfigurationsRoute() {
  return <ConfigurationsScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('configurations', 'history');
