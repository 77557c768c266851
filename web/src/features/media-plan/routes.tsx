import { useParams } from 'react-router';
import { prefetchPlan } from './api/plan-queries';
import { MediaPlanScreen } from './components/media-plan-screen';
import { areaCatalogues } from '../../locales/areas';

// The plan being opened is asked for as soon as this chunk arrives, while React still renders the
// layout (api/plan-queries.ts, into the query cache).
if (typeof window !== 'undefined') prefetchPlan(window.location);

/** /accounts/{accountId}/activities/{activityId}/mediaMix/list[?version=<mediaMixId>]; the key resets the screen per activity. */
export function MediaPlanRoute() {
  const { accountId, activityId } = useParams();
  const account = Number(accountId);
  const activity = Number(activityId);
  if (!Number.isInteger(account) || account <= 0 || !Number.isInteger(activity) || activity <= 0) return null;
  return <MediaPlanScreen key={`${account}:${activity}`} accountId={account} activityId={activity} />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('media-plan', 'history');
