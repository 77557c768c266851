import { PayablesScreen } from './components/payables-screen';
import { areaCatalogues } from '../../locales/areas';

/** /payables/list (with ?account=&order= from an order's screen: the bill dialog of that order). */
export function PayablesRoute() {
  return <PayablesScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('payables');
