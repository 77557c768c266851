import type { CfnElement } from 'aws-cdk-lib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { handlerFile } from '../../lambdas/manifest';
import {
  PLAN_NOTIFY_HANDLER,
  PLAN_NOTIFY_MAX_RECORD_AGE,
  PLAN_NOTIFY_RETRY_ATTEMPTS,
} from '../../lib/constructs/plan-notifications-stream';
import type { MixdeskStage } from '../../lib/stage';
import { expectStageMail, statementsOf } from './grant-checks';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * The second consumer of the table's change stream: notifications of plan approval events
 * (docs/notifications.md). One filtered mapping, partial-batch retries with a failure queue, table
 * access limited to reading company items and writing under users, and SES only from the stage's
 * identity, only where the stage sends mail.
 */
const { stages } = buildApp();

it('deploys lambdas/streams/notify-plan-changes.ts', () => {
  const file = handlerFile(PLAN_NOTIFY_HANDLER);
  expect(file).toBe('lambdas/streams/notify-plan-changes.ts');
  expect(existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const tableId = () => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];
  const fnId = () => id(stage.stateful.planNotifications.function);
  const statements = () => statementsOf(stack, stage.stateful.planNotifications.function);

  it('maps the stream to the handler, filtered on updated media mix headers in status 2-4, with retries and a failure queue', () => {
    const mappings = Object.values(ofType(stack, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => m.Properties!.FunctionName?.Ref === fnId(),
    );
    expect(mappings).toHaveLength(1);
    const p = mappings[0].Properties!;
    expect(p).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: PLAN_NOTIFY_RETRY_ATTEMPTS,
      MaximumRecordAgeInSeconds: PLAN_NOTIFY_MAX_RECORD_AGE.toSeconds(),
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [id(stage.stateful.planNotifications.failureQueue), 'Arn'] } },
      },
    });
    expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      {
        eventName: ['MODIFY'],
        dynamodb: { NewImage: { entity: { S: ['MediaMix'] }, sk: { S: ['M'] }, Status: { N: ['2', '3', '4'] } } },
      },
    ]);
  });

  it('reads company items and writes under users only', () => {
    const s = statements();
    expect(s).toContainEqual({
      Effect: 'Allow',
      Action: ['dynamodb:GetItem', 'dynamodb:Query'],
      Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } },
    });
    expect(s).toContainEqual({
      Effect: 'Allow',
      Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*#U#*'] } },
    });
    const data = s
      .flatMap((x: any) => [x.Action].flat())
      .filter((a: string) => a.startsWith('dynamodb:'))
      .sort();
    expect(data).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetItem',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it('sends mail through SES from the stage identity only when the stage says so', () => {
    const env = resourcesOf(stack)[fnId()].Properties!.Environment.Variables;
    expect(env.CONSOLE_URL).toBe(stage.config.notifications.consoleUrl);
    expectStageMail(env, statements(), stage.config);
  });
});
