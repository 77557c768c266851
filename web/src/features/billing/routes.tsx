import { useParams } from 'react-router';
import { BillingScreen } from './components/billing-screen';
import { areaCatalogues } from '../../locales/areas';

/** /accounts/{accountId}/billing; the key resets the screen per account. */
export function BillingRoute() {
  const n = Number(useParams().accountId);
  if (!Number.isInteger(n) || n <= 0) return null;
  return <BillingScreen key={n} accountId={n} />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('billing');
