import { useParams } from 'react-router';
import { getSession } from '../../lib/auth';
import type { RouteLocation } from '../../lib/feature';
import { queryClient } from '../../lib/query-client';
import { activityPerformanceQuery } from './api/performance-api';
import { ActivityPerformanceScreen, loadPerformanceCharts } from './components/activity-performance-screen';
import { areaCatalogues } from '../../locales/areas';

const positive = (s: string | undefined) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const STATS_PATH = /^\/accounts\/(\d+)\/activities\/(\d+)\/mediaMix\/(\d+)\/stats\/?$/i;

/**
 * FeatureRoute.prefetch: as soon as this chunk arrives (before React renders the layout and the
 * screen), the page's GetActivityPerformance into the query cache (the screen's query takes it, fresh
 * for 10 s) and the charts' chunk, in parallel, instead of the charts being asked for only once the
 * reply has come.
 */
export function prefetch({ pathname }: RouteLocation): void {
  loadPerformanceCharts().catch(() => undefined); // a failed chunk shows in the screen, through its lazy
  const m = STATS_PATH.exec(pathname);
  if (!m || !getSession()) return;
  const [accountId, activityId, versionId] = [positive(m[1]), positive(m[2]), positive(m[3])];
  if (accountId && activityId && versionId)
    void queryClient.prefetchQuery(activityPerformanceQuery({ accountId, activityId, mediaMixId: versionId }));
}

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
