import type { CfnElement } from 'aws-cdk-lib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { handlerFile } from '../../lambdas/manifest';
import { DASHBOARD_TILES_ACTIONS, DASHBOARD_TILES_KEYS } from '../../lib/constructs/dashboard-tiles-grant';
import {
  TILES_REFRESH_BATCH,
  TILES_REFRESH_HANDLER,
  TILES_REFRESH_MAX_RECORD_AGE,
  TILES_REFRESH_RETRY_ATTEMPTS,
  TILES_REFRESH_WINDOW,
} from '../../lib/constructs/dashboard-tiles-stream';
import type { MixdeskStage } from '../../lib/stage';
import { statementsOf } from './grant-checks';
import { buildApp, ofType } from './synth-app';

/**
 * The third consumer of the table's change stream: the manager dashboard's tiles recomputed after a
 * write bumped a company's stamp (docs/dashboard.md "Precomputed tiles"). One mapping filtered on the
 * stamps and gathering them for a window, a failure queue with its alarm, reads as the dashboard's
 * route, and writes only in the tile partitions.
 */
const { stages } = buildApp();

it('deploys lambdas/streams/refresh-dashboard-tiles.ts', () => {
  const file = handlerFile(TILES_REFRESH_HANDLER);
  expect(file).toBe('lambdas/streams/refresh-dashboard-tiles.ts');
  expect(existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const tiles = stage.stateful.dashboardTiles;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const tableId = () => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];

  it('maps the stream to the handler, filtered on dashboard stamps, gathered for a window, with a failure queue', () => {
    const mappings = Object.values(ofType(stack, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => m.Properties!.FunctionName?.Ref === id(tiles.function),
    );
    expect(mappings).toHaveLength(1);
    const p = mappings[0].Properties!;
    expect(p).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: TILES_REFRESH_BATCH,
      MaximumBatchingWindowInSeconds: TILES_REFRESH_WINDOW.toSeconds(),
      MaximumRetryAttempts: TILES_REFRESH_RETRY_ATTEMPTS,
      MaximumRecordAgeInSeconds: TILES_REFRESH_MAX_RECORD_AGE.toSeconds(),
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [id(tiles.failureQueue), 'Arn'] } } },
    });
    expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['DashStamp'] } } } },
    ]);
  });

  it('writes only the tile partitions', () => {
    const writes = statementsOf(stack, tiles.function).filter((st: any) =>
      [st.Action].flat().some((a: string) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(writes).toEqual([
      {
        Effect: 'Allow',
        Action: DASHBOARD_TILES_ACTIONS,
        Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': DASHBOARD_TILES_KEYS } },
      },
    ]);
  });

  it('alarms on a batch in its failure queue, to the stage topic', () => {
    const alarm = ofType(stack, 'AWS::CloudWatch::Alarm')[id(tiles.failureAlarm)];
    expect(alarm).toBeDefined();
    expect(JSON.stringify(alarm.Properties!.Dimensions)).toContain(id(tiles.failureQueue));
    expect(alarm.Properties!.AlarmActions).toHaveLength(1);
  });
});
