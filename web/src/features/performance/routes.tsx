import { useParams } from 'react-router';
import performanceEn from '../../locales/performance.en.json';
import performanceHe from '../../locales/performance.he.json';
import { ActivityPerformanceScreen } from './components/activity-performance-screen';

const positive = (s: string | undefined) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /accounts/{accountId}/activities/{activityId}/mediaMix/{mediaMixId}/stats[?from=reports|monitoring&tab=]; the key resets the screen per version. */
export function ActivityPerformanceRoute() {
  const p = useParams();
  const accountId = positive(p.accountId);
  const activityId = positive(p.activityId);
  const mediaMixId = positive(p.mediaMixId);
  if (!accountId || !activityId || !mediaMixId) return null;
  return <ActivityPerformanceScreen key={`${accountId}:${mediaMixId}`} accountId={accountId} activityId={activityId} mediaMixId={mediaMixId} />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { performance: { he: performanceHe, en: performanceEn } };
