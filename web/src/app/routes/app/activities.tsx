import { useParams } from 'react-router';
import { ActivitiesScreen } from '../../../features/activities/components/activities-screen';
import activitiesEn from '../../../locales/activities.en.json';
import activitiesHe from '../../../locales/activities.he.json';
import { installRouteStrings } from './route-strings';

// The area's strings come with this chunk (route-strings.ts).
installRouteStrings({ he: activitiesHe, en: activitiesEn });

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

/** See chunk-hints.ts. */
export * as ChunkHints from './chunk-hints';
