import { useParams } from 'react-router';
import { positive } from './api/performance-prefetch';
import { ActivityPerformanceScreen } from './components/activity-performance-screen';
import { areaCatalogues } from '../../locales/areas';

/** /accounts/{accountId}/activities/{activityId}/mediaMix/{mediaMixId}/stats[?from=reports|monitoring&tab=]; the key resets the screen per version. */
export function ActivityPerformanceRoute() {
  const p = useParams();
  const accountId = positive(p.accountId);
  const activityId = positive(p.activityId);
  const versionId = positive(p.mediaMixId);
  if (!accountId || !activityId || !versionId) return null;
  return (
    <ActivityPerformanceScreen
      key={`${accountId}:${versionId}`}
      accountId={accountId}
      activityId={activityId}
      mediaMixId={versionId}
    />
  );
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('performance');
