import { PayablesScreen } from './components/payables-screen';
import { areaCatalogues } from '../../locales/areas';
import { prefetchPayables } from './api/payables-queries';

// The payables' first page is asked for as soon as this chunk arrives, while React still renders the layout.
if (typeof window !== 'undefined') prefetchPayables(window.location);

/** /payables/list (with ?account=&order= from an order's screen: the bill dialog of that order). */
export function PayablesRoute() {
  return <PayablesScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('payables');
