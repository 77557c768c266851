import { TemplatesScreen } from './components/templates-screen';
import { areaCatalogues } from '../../locales/areas';

/** /templates/list */
export function TemplatesRoute() {
  return <TemplatesScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('templates', 'channelTypes', 'history');
