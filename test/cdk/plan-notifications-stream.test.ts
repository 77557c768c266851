import type { CfnElement } from 'aws-cdk-lib';
import { PARTITION_REGISTRY_ACTIONS, PARTITION_REGISTRY_KEYS } from '../../lib/constructs/partition-registry-grant';
import {
  PLAN_NOTIFY_HANDLER,
  PLAN_NOTIFY_MAX_RECORD_AGE,
  PLAN_NOTIFY_RETRY_ATTEMPTS,
} from '../../lib/constructs/plan-notifications-stream';
import type { MixdeskStage } from '../../lib/stage';
import { expectStageMail } from './grant-checks';
import {
  dynamoActionsOf,
  expectFailureQueueAndAlarm,
  expectHandlerFile,
  expectStreamFunction,
  expectStreamMapping,
  streamConsumerStatements,
} from './stream-consumer-checks';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * The second consumer of the table's change stream: notifications of plan approval events
 * (docs/notifications.md). One filtered mapping, partial-batch retries with a failure queue, table
 * access limited to reading company items and writing under users, and SES only from the stage's
 * identity, only where the stage sends mail.
 */
const { stages } = buildApp();

it('deploys lambdas/streams/notify-plan-changes.ts', () => {
  expectHandlerFile(PLAN_NOTIFY_HANDLER, 'lambdas/streams/notify-plan-changes.ts');
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const notify = stage.stateful.planNotifications;
  const tableId = () => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];
  const statements = () => streamConsumerStatements(stage, notify);

  it('maps the stream to the handler, filtered on updated media mix headers in status 2-4, with retries and a failure queue', () => {
    expectStreamMapping(
      stage,
      notify,
      {
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: 100,
        MaximumRetryAttempts: PLAN_NOTIFY_RETRY_ATTEMPTS,
        MaximumRecordAgeInSeconds: PLAN_NOTIFY_MAX_RECORD_AGE.toSeconds(),
      },
      [
        {
          eventName: ['MODIFY'],
          dynamodb: { NewImage: { entity: { S: ['MediaMix'] }, sk: { S: ['M'] }, Status: { N: ['2', '3', '4'] } } },
        },
      ],
    );
  });

  it('runs the handler like the routes with a batch-sized timeout and the table name', () => {
    expectStreamFunction(stage, notify, 120);
  });

  it('reads company items and writes under users (and their partition registry) only', () => {
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
    expect(s).toContainEqual({
      Effect: 'Allow',
      Action: PARTITION_REGISTRY_ACTIONS,
      Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': PARTITION_REGISTRY_KEYS } },
    });
    expect(dynamoActionsOf(s)).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:DescribeStream',
      'dynamodb:GetItem',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      // Its own partitions', and the partition registry's.
      'dynamodb:PutItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it('sends mail through SES from the stage identity only when the stage says so', () => {
    const env =
      resourcesOf(stack)[stack.getLogicalId(notify.function.node.defaultChild as CfnElement)].Properties!.Environment
        .Variables;
    expect(env.CONSOLE_URL).toBe(stage.config.notifications.consoleUrl);
    expectStageMail(env, statements(), stage.config);
  });

  it('keeps the failure queue encrypted and TLS-only, and alarms on a batch in it, to the stage topic', () => {
    expectFailureQueueAndAlarm(stage, notify);
  });
});
