import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { TILES_REFRESH_FILTER, TILES_REFRESH_HANDLER } from '../../lambdas/streams/stream-handlers';
import type { StageConfig } from '../config/stages';
import { grantDashboardTiles } from './dashboard-tiles-grant';
import { TableStreamConsumer } from './table-stream-consumer';

export { TILES_REFRESH_HANDLER };

/**
 * How long the mapping gathers stamp records before it invokes the refresher: a sync bumps a
 * company's stamp once per activity it writes, and one refresh after them is what the next reader needs.
 */
export const TILES_REFRESH_WINDOW = Duration.seconds(30);
/** Records per invocation; each distinct company in them is refreshed, 4 at a time. */
export const TILES_REFRESH_BATCH = 50;
/** A batch that timed out is tried again this often, then reported to the failure queue. */
export const TILES_REFRESH_RETRY_ATTEMPTS = 2;
/** Older records are not worth a refresh: the tiles they would warm are recomputed by the next read. */
export const TILES_REFRESH_MAX_RECORD_AGE = Duration.hours(1);

export interface DashboardTilesStreamProps {
  readonly table: ITable;
  readonly config: StageConfig;
}

/**
 * The manager dashboard's tiles recomputed ahead of the next read (docs/dashboard.md "Precomputed
 * tiles"): the table's stream → an event source mapping that passes on only the companies' dashboard
 * stamps (TILES_REFRESH_FILTER), gathered for TILES_REFRESH_WINDOW → lambdas/streams/refresh-dashboard-tiles.ts,
 * which reads what the dashboard reads and writes the tiles. local/start.ts runs the same handler on
 * a stream poller of its own.
 *
 * Beside the table (the stateful stack), for the reason TableStreamConsumer gives.
 */
export class DashboardTilesStream extends TableStreamConsumer {
  constructor(scope: Construct, id: string, props: DashboardTilesStreamProps) {
    super(scope, id, {
      ...props,
      handler: TILES_REFRESH_HANDLER,
      // Up to 50 companies, 4 at a time, each a whole dashboard read (seconds for a large agency).
      timeout: Duration.minutes(5),
      filter: {
        eventName: [...TILES_REFRESH_FILTER.events],
        dynamodb: { NewImage: { entity: { S: [TILES_REFRESH_FILTER.entity] } } },
      },
      reading: {
        startingPosition: StartingPosition.LATEST,
        batchSize: TILES_REFRESH_BATCH,
        maxBatchingWindow: TILES_REFRESH_WINDOW,
        retryAttempts: TILES_REFRESH_RETRY_ATTEMPTS,
        maxRecordAge: TILES_REFRESH_MAX_RECORD_AGE,
      },
      grant: (fn, table) => {
        // Reads what the dashboard reads, as its route does; writes only the tile partitions (`C#<cid>#DASH`).
        fn.bindTable(table, 'read');
        grantDashboardTiles(fn, table);
      },
      alarmDescription:
        "The dashboard tiles' refresher timed out or crashed on a batch of the table stream. Nothing is lost: the " +
        'manager dashboard recomputes stale tiles on its next read, more slowly. Read the function logs for the cause.',
    });
  }
}
