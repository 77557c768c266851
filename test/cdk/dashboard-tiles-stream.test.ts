import { DASHBOARD_TILES_ACTIONS, DASHBOARD_TILES_KEYS } from '../../lib/constructs/dashboard-tiles-grant';
import { PARTITION_REGISTRY_ACTIONS, PARTITION_REGISTRY_KEYS } from '../../lib/constructs/partition-registry-grant';
import {
  TILES_REFRESH_BATCH,
  TILES_REFRESH_HANDLER,
  TILES_REFRESH_MAX_RECORD_AGE,
  TILES_REFRESH_RETRY_ATTEMPTS,
  TILES_REFRESH_WINDOW,
} from '../../lib/constructs/dashboard-tiles-stream';
import type { MixdeskStage } from '../../lib/stage';
import {
  expectFailureQueueAndAlarm,
  expectHandlerFile,
  expectStreamFunction,
  expectStreamMapping,
  streamConsumerStatements,
} from './stream-consumer-checks';
import { buildApp, ofType } from './synth-app';

/**
 * The third consumer of the table's change stream: the manager dashboard's tiles recomputed after a
 * write bumped a company's stamp (docs/dashboard.md "Precomputed tiles"). One mapping filtered on the
 * stamps and gathering them for a window, a failure queue with its alarm, reads as the dashboard's
 * route, and writes only in the tile partitions.
 */
const { stages } = buildApp();

it('deploys lambdas/streams/refresh-dashboard-tiles.ts', () => {
  expectHandlerFile(TILES_REFRESH_HANDLER, 'lambdas/streams/refresh-dashboard-tiles.ts');
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const tiles = stage.stateful.dashboardTiles;
  const tableId = () => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];

  it('maps the stream to the handler, filtered on dashboard stamps, gathered for a window, with a failure queue', () => {
    expectStreamMapping(
      stage,
      tiles,
      {
        StartingPosition: 'LATEST',
        BatchSize: TILES_REFRESH_BATCH,
        MaximumBatchingWindowInSeconds: TILES_REFRESH_WINDOW.toSeconds(),
        MaximumRetryAttempts: TILES_REFRESH_RETRY_ATTEMPTS,
        MaximumRecordAgeInSeconds: TILES_REFRESH_MAX_RECORD_AGE.toSeconds(),
      },
      [{ eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['DashStamp'] } } } }],
    );
  });

  it('runs the handler like the routes with a timeout for a batch of whole-dashboard reads', () => {
    expectStreamFunction(stage, tiles, 300);
  });

  it('writes only the tile partitions and their partition registry', () => {
    const writes = streamConsumerStatements(stage, tiles).filter((st: any) =>
      [st.Action].flat().some((a: string) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(writes).toEqual([
      {
        Effect: 'Allow',
        Action: DASHBOARD_TILES_ACTIONS,
        Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': DASHBOARD_TILES_KEYS } },
      },
      {
        Effect: 'Allow',
        Action: PARTITION_REGISTRY_ACTIONS,
        Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': PARTITION_REGISTRY_KEYS } },
      },
    ]);
  });

  it('alarms on a batch in its failure queue, to the stage topic', () => {
    expectFailureQueueAndAlarm(stage, tiles);
  });
});
