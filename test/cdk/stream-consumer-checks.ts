import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { handlerFile } from '../../lambdas/manifest';
import type { TableStreamConsumer } from '../../lib/constructs/table-stream-consumer';
import type { MixdeskStage } from '../../lib/stage';
import { statementsOf } from './grant-checks';
import { ofType, resourcesOf } from './synth-app';

/**
 * lib/constructs/table-stream-consumer.ts seen from the template, for each of the table's stream
 * consumers: what they share is checked here once, what each sets (its mapping's numbers and
 * filter, its timeout, its table access) is passed in or checked by its own suite.
 */

const logicalId = (stack: Stack, c: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(c.node.defaultChild as CfnElement);
const tableIdOf = (stack: Stack) => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];

/** The handler's file, named like a route's, is the one expected and exists. */
export function expectHandlerFile(route: Parameters<typeof handlerFile>[0], file: string): void {
  expect(handlerFile(route)).toBe(file);
  expect(existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
}

/** What a consumer's event source mapping sets for itself (CloudFormation's names). */
export interface ExpectedReading {
  StartingPosition: 'TRIM_HORIZON' | 'LATEST';
  BatchSize: number;
  /** Absent: the mapping invokes as soon as it has records. */
  MaximumBatchingWindowInSeconds?: number;
  MaximumRetryAttempts: number;
  MaximumRecordAgeInSeconds: number;
}

/**
 * The consumer's one mapping in the whole stage: from the table's stream, reading as `reading` says,
 * passing on only `filters`, halving and retrying a failing batch with partial-batch responses, and
 * reporting a batch that kept failing to the consumer's failure queue.
 */
export function expectStreamMapping(
  stage: MixdeskStage,
  consumer: TableStreamConsumer,
  reading: ExpectedReading,
  filters: object[],
): void {
  const stack = stage.stateful;
  const fnId = logicalId(stack, consumer.function);
  const mine = [stack, stage.api, ...stage.services.values(), stage.web]
    .flatMap((s) => Object.values(ofType(s, 'AWS::Lambda::EventSourceMapping')))
    .filter((m) => m.Properties!.FunctionName?.Ref === fnId);
  expect(mine).toHaveLength(1);
  const p = mine[0].Properties!;
  expect(p).toMatchObject({
    EventSourceArn: { 'Fn::GetAtt': [tableIdOf(stack), 'StreamArn'] },
    FunctionName: { Ref: fnId },
    ...reading,
    BisectBatchOnFunctionError: true,
    FunctionResponseTypes: ['ReportBatchItemFailures'],
    DestinationConfig: {
      OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack, consumer.failureQueue), 'Arn'] } },
    },
  });
  expect(p.MaximumBatchingWindowInSeconds).toBe(reading.MaximumBatchingWindowInSeconds);
  expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(filters);
}

/** Run like the routes (Node 24, arm64, its own log group), with the table's name and its batch-sized timeout. */
export function expectStreamFunction(stage: MixdeskStage, consumer: TableStreamConsumer, timeoutSeconds: number): void {
  const stack = stage.stateful;
  const fn = resourcesOf(stack)[logicalId(stack, consumer.function)];
  expect(fn.Properties).toMatchObject({
    Runtime: 'nodejs24.x',
    Architectures: ['arm64'],
    Timeout: timeoutSeconds,
    LoggingConfig: { LogGroup: { Ref: expect.stringMatching(new RegExp(`^${consumer.node.id}HandlerLogs`)) } },
    Environment: { Variables: { TABLE_NAME: { Ref: tableIdOf(stack) }, NODE_OPTIONS: '--enable-source-maps' } },
  });
}

/**
 * The role's statements, after checking what every consumer's role has: no managed policy, and the
 * stream read (DescribeStream, GetRecords, GetShardIterator) on this table's stream alone.
 */
export function streamConsumerStatements(stage: MixdeskStage, consumer: TableStreamConsumer): any[] {
  const stack = stage.stateful;
  const resources = resourcesOf(stack);
  const roleId = resources[logicalId(stack, consumer.function)].Properties!.Role['Fn::GetAtt'][0];
  expect(resources[roleId].Properties!.ManagedPolicyArns).toBeUndefined();
  const statements = statementsOf(stack, consumer.function);
  const streamReads = statements.filter((s) => [s.Action].flat().includes('dynamodb:DescribeStream'));
  expect(streamReads).toEqual([
    {
      Effect: 'Allow',
      Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
      Resource: { 'Fn::GetAtt': [tableIdOf(stack), 'StreamArn'] },
    },
  ]);
  return statements;
}

/** The DynamoDB actions of some statements, sorted. */
export const dynamoActionsOf = (statements: any[]): string[] =>
  statements
    .flatMap((s) => [s.Action].flat())
    .filter((a: string) => a.startsWith('dynamodb:'))
    .sort();

/**
 * The failure queue encrypted, TLS-only and keeping messages 14 days; its alarm goes off on the
 * first message visible and notifies the stage's alarm topic.
 */
export function expectFailureQueueAndAlarm(stage: MixdeskStage, consumer: TableStreamConsumer): void {
  const stack = stage.stateful;
  const queueId = logicalId(stack, consumer.failureQueue);
  const queue = resourcesOf(stack)[queueId];
  expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86400 });
  const denyInsecure = Object.values(ofType(stack, 'AWS::SQS::QueuePolicy')).filter(
    (p) =>
      p.Properties!.Queues.some((q: any) => q.Ref === queueId) &&
      p.Properties!.PolicyDocument.Statement.some(
        (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      ),
  );
  expect(denyInsecure).toHaveLength(1);
  const alarm = ofType(stack, 'AWS::CloudWatch::Alarm')[logicalId(stack, consumer.failureAlarm)];
  expect(alarm).toBeDefined();
  expect(alarm.Properties).toMatchObject({
    Namespace: 'AWS/SQS',
    MetricName: 'ApproximateNumberOfMessagesVisible',
    Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
    Threshold: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    TreatMissingData: 'notBreaching',
    AlarmActions: [{ Ref: logicalId(stack, stage.stateful.alarmTopic) }],
  });
}
