import { useParams } from 'react-router';
import { prefetchPlan } from '../../../features/media-plan/api/plan-queries';
import { MediaPlanScreen } from '../../../features/media-plan/components/media-plan-screen';
import planEn from '../../../locales/media-plan.en.json';
import planHe from '../../../locales/media-plan.he.json';
import { installRouteStrings } from './route-strings';

// The screen's strings come with this chunk (route-strings.ts), and the plan being opened is asked
// for at once, while React still renders the layout (api/plan-queries.ts, into the query cache).
installRouteStrings({ he: planHe, en: planEn });
if (typeof window !== 'undefined') prefetchPlan(window.location);

/** /accounts/{accountId}/activities/{activityId}/mediaMix/list[?version=<mediaMixId>]; the key resets the screen per activity. */
export function MediaPlanRoute() {
  const { accountId, activityId } = useParams();
  const account = Number(accountId);
  const activity = Number(activityId);
  if (!Number.isInteger(account) || account <= 0 || !Number.isInteger(activity) || activity <= 0) return null;
  return <MediaPlanScreen key={`${account}:${activity}`} accountId={account} activityId={activity} />;
}
