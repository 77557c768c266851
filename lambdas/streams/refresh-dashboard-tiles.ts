import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { keys } from '../aws/dynamodb/keys';
import { refreshTiles } from '../modules/dashboards/dashboard-tiles';
import { jobHandler } from '../kit/job-handler';
import { clearReadCaches } from '../core/read-cache';
import { inParallel } from '../core/in-parallel';
import { errorFields, log } from '../core/logger';
import { TILES_REFRESH_HANDLER } from './stream-handlers';

/** Companies refreshed at once: each refresh reads its whole dashboard, a few hundred requests. */
const WIDTH = 4;

/** The companies a batch's stamp records name, once each. */
export function companiesOf(event: DynamoDBStreamEvent): number[] {
  const ids = new Set<number>();
  for (const r of event.Records) {
    const companyId = keys.companyOfDashTilesPk(r.dynamodb?.Keys?.pk?.S ?? '');
    if (companyId !== undefined) ids.add(companyId);
  }
  return [...ids];
}

/**
 * The table's change stream → the manager dashboard's tiles recomputed (docs/dashboard.md
 * "Precomputed tiles"), so the first manager after a sync or an edit reads them in one Query instead
 * of paying the recompute. The event source mapping passes on only dashboard stamps
 * (TILES_REFRESH_FILTER) and gathers them for a while, so a sync's many bumps make one refresh per
 * company. A refresh that fails is logged, not retried: the tiles stay stale and the next read
 * recomputes them as it always could. Also run by the local stack's stream poller (local/start.ts).
 */
export async function refreshDashboardTiles(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  await inParallel(
    companiesOf(event),
    async (companyId) => {
      try {
        const outcome = await refreshTiles(companyId);
        // Only a recompute is worth a line: skipped tiles (fresh, unread, gone) are most batches.
        if (Object.values(outcome).some((o) => o === 'computed' || o === 'truncated'))
          log.info('dashboard tiles refreshed', { companyId, ...outcome });
      } catch (err) {
        log.error('dashboard tiles not refreshed', { companyId, ...errorFields(err) });
      }
    },
    WIDTH,
  );
  return { batchItemFailures: [] };
}

export const handler = jobHandler(TILES_REFRESH_HANDLER, (event: DynamoDBStreamEvent) => {
  // Its own container reads afresh: a rate or setting cached by an earlier batch must not be stored in tiles.
  clearReadCaches();
  return refreshDashboardTiles(event);
});
