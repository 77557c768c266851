import { getSession } from '../../../lib/auth';
import type { RouteLocation } from '../../../lib/feature';
import { queryClient } from '../../../lib/query-client';
import { loadPerformanceCharts } from '../components/charts-chunk';
import { activityPerformanceQuery } from './performance-api';

/** A route parameter as a positive integer, or null. */
export const positive = (s: string | undefined) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const STATS_PATH = /^\/accounts\/(\d+)\/activities\/(\d+)\/mediaMix\/(\d+)\/stats\/?$/i;

/**
 * FeatureRoute.prefetch: as soon as this small chunk arrives (before the screen's chunks, before React
 * renders the layout), the page's GetActivityPerformance into the query cache (the screen's query
 * takes it, fresh for 10 s) and the charts' chunk, in parallel, instead of the charts being asked
 * for only once the reply has come.
 */
export function prefetch({ pathname }: RouteLocation): void {
  loadPerformanceCharts().catch(() => undefined); // a failed chunk shows in the screen, through its lazy
  const m = STATS_PATH.exec(pathname);
  if (!m || !getSession()) return;
  const [accountId, activityId, versionId] = [positive(m[1]), positive(m[2]), positive(m[3])];
  if (accountId && activityId && versionId)
    void queryClient.prefetchQuery(activityPerformanceQuery({ accountId, activityId, mediaMixId: versionId }));
}
