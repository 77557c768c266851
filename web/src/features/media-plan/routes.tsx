import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Loader } from '../../components/ui/loader';
import { MediaPlanScreen } from './components/media-plan-screen';
import { areaCatalogues } from '../../locales/areas';
import { usePhone } from '../../lib/display/phone';

/** The plan as cards on a phone: its own chunk, so the desktop editor's route carries none of it. */
const PhonePlanScreen = lazy(() => import('./components/phone/phone-plan-screen'));

/**
 * /accounts/{accountId}/activities/{activityId}/mediaMix/list[?version=<mediaMixId>]; the key resets the
 * screen per activity. Below sm the version shows as cards (the grid needs a wide screen).
 */
export function MediaPlanRoute() {
  const { accountId, activityId } = useParams();
  const phone = usePhone();
  const account = Number(accountId);
  const activity = Number(activityId);
  if (!Number.isInteger(account) || account <= 0 || !Number.isInteger(activity) || activity <= 0) return null;
  const key = `${account}:${activity}`;
  if (phone)
    return (
      <Suspense fallback={<Loader />}>
        <PhonePlanScreen key={key} accountId={account} activityId={activity} />
      </Suspense>
    );
  return <MediaPlanScreen key={key} accountId={account} activityId={activity} />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('media-plan', 'history');
