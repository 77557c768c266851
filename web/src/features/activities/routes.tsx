import { useParams } from 'react-router';
import { ActivitiesScreen } from './components/activities-screen';
import { areaCatalogues } from '../../locales/areas';

const positive = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /accounts/{accountId}/activities/list; the key resets filters and paging per account. */
export function ActivitiesRoute() {
  const accountId = positive(useParams().accountId);
  if (accountId === null) return null;
  return <ActivitiesScreen key={accountId} accountId={accountId} subAccountId={null} />;
}

/** /accounts/{accountId}/subAccounts/{subAccountId}/activities/list */
export function SubAccountActivitiesRoute() {
  const params = useParams();
  const accountId = positive(params.accountId);
  const subAccountId = positive(params.subAccountId);
  if (accountId === null || subAccountId === null) return null;
  return <ActivitiesScreen key={`${accountId}-${subAccountId}`} accountId={accountId} subAccountId={subAccountId} />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('activities', 'history');
