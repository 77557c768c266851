import { useParams } from 'react-router';
import billingEn from '../../locales/billing.en.json';
import billingHe from '../../locales/billing.he.json';
import { BillingScreen } from './components/billing-screen';

/** /accounts/{accountId}/billing; the key resets the screen per account. */
export function BillingRoute() {
  const n = Number(useParams().accountId);
  if (!Number.isInteger(n) || n <= 0) return null;
  return <BillingScreen key={n} accountId={n} />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { billing: { he: billingHe, en: billingEn } };
