import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TILES_REFRESH_FILTER, TILES_REFRESH_HANDLER } from '../../lambdas/streams/stream-handlers';
import type { StageConfig } from '../config/stages';
import { acknowledgeLineAuditStreamFindings } from '../nag';
import { grantDashboardTiles } from './dashboard-tiles-grant';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';
import { MixdeskFunction } from './mixdesk-function';

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
 * Beside the table (the stateful stack), for the reason LineAuditStream gives.
 */
export class DashboardTilesStream extends Construct {
  public readonly function: MixdeskFunction;
  public readonly failureQueue: Queue;
  public readonly failureAlarm: Alarm;

  constructor(scope: Construct, id: string, props: DashboardTilesStreamProps) {
    super(scope, id);
    const { table, config } = props;

    const fn = new MixdeskFunction(this, 'Handler', {
      route: TILES_REFRESH_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      // Up to 50 companies, 4 at a time, each a whole dashboard read (seconds for a large agency).
      timeout: Duration.minutes(5),
    });
    // Reads what the dashboard reads, as its route does; writes only the tile partitions (`C#<cid>#DASH`).
    fn.bindTable(table, 'read');
    grantDashboardTiles(fn, table);

    this.failureQueue = deadLetterQueue(this, 'FailedBatches', config.logs.removalPolicy);

    fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: TILES_REFRESH_BATCH,
        maxBatchingWindow: TILES_REFRESH_WINDOW,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: TILES_REFRESH_RETRY_ATTEMPTS,
        maxRecordAge: TILES_REFRESH_MAX_RECORD_AGE,
        onFailure: new SqsDlq(this.failureQueue),
        filters: [
          FilterCriteria.filter({
            eventName: [...TILES_REFRESH_FILTER.events],
            dynamodb: { NewImage: { entity: { S: [TILES_REFRESH_FILTER.entity] } } },
          }),
        ],
      }),
    );

    this.failureAlarm = deadLetterAlarm(this, 'FailedBatchesAlarm', {
      queue: this.failureQueue,
      alarmDescription:
        "The dashboard tiles' refresher timed out or crashed on a batch of the table stream. Nothing is lost: the " +
        'manager dashboard recomputes stale tiles on its next read, more slowly. Read the function logs for the cause.',
      measure: 'visible',
    });

    this.function = fn;
    // The same two findings as the line audit's consumer, for the same reasons.
    acknowledgeLineAuditStreamFindings(fn.executionRole, this.failureQueue);
  }
}
