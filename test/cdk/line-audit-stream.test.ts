import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { handlerFile } from '../../lambdas/manifest';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import {
  LINE_AUDIT_HANDLER,
  LINE_AUDIT_MAX_RECORD_AGE,
  LINE_AUDIT_RETRY_ATTEMPTS,
} from '../../lib/constructs/line-audit-stream';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, resourcesOf, templateOf } from './synth-app';

/**
 * The consumer of the table's change stream (audit entries of one-write line changes), as deployed:
 * one event source mapping from the stream, filtered on the audit mark, with partial-batch retries
 * and a failure queue; the function may only create audit entries.
 */
const { stages } = buildApp();

it('deploys lambdas/streams/audit-line-changes.ts', () => {
  const file = handlerFile(LINE_AUDIT_HANDLER);
  expect(file).toBe('lambdas/streams/audit-line-changes.ts');
  expect(existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const t = () => templateOf(stack);
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const tableId = () => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];
  const queueId = () => id(stage.stateful.lineAudit.failureQueue);

  it('maps the table stream to the handler: oldest first, filtered on the audit mark, partial-batch retries, failure queue', () => {
    // The stream has two consumers (this one and the plan notifications'); this function has one mapping.
    const allMappings = [stack, stage.api, ...stage.services.values(), stage.web].flatMap((s) =>
      Object.values(ofType(s, 'AWS::Lambda::EventSourceMapping')),
    );
    const mine = allMappings.filter((m) => m.Properties!.FunctionName?.Ref === id(stage.stateful.lineAudit.function));
    expect(mine).toHaveLength(1);
    const [mapping] = mine;
    const p = mapping.Properties!;
    expect(p).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      FunctionName: { Ref: id(stage.stateful.lineAudit.function) },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: LINE_AUDIT_RETRY_ATTEMPTS,
      MaximumRecordAgeInSeconds: LINE_AUDIT_MAX_RECORD_AGE.toSeconds(),
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId(), 'Arn'] } } },
    });
    expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { dynamodb: { NewImage: { [TABLE_DESIGN.stream.auditMarkAttribute]: { N: [{ exists: true }] } } } },
    ]);
  });

  it('runs the handler like the routes (Node 24, arm64, own log group) with a batch-sized timeout and the table name', () => {
    const fn = resourcesOf(stack)[id(stage.stateful.lineAudit.function)];
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 60,
      LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/^LineAuditHandlerLogs/) } },
      Environment: { Variables: { TABLE_NAME: { Ref: tableId() }, NODE_OPTIONS: '--enable-source-maps' } },
    });
  });

  it('lets the handler create audit entries only: PutItem on audit partitions, stream read, failure queue, own logs', () => {
    const resources = resourcesOf(stack);
    const roleId = resources[id(stage.stateful.lineAudit.function)].Properties!.Role['Fn::GetAtt'][0];
    expect(resources[roleId].Properties!.ManagedPolicyArns).toBeUndefined();
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
      .flatMap((p) => p.Properties!.PolicyDocument.Statement);
    const dataActions = statements
      .flatMap((s: any) => [s.Action].flat())
      .filter((a: string) => a.startsWith('dynamodb:'));
    expect(dataActions.sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:PutItem',
    ]);
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 'dynamodb:PutItem',
      Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*#AUDIT'] } },
    });
    const streamRead = statements.find((s: any) => [s.Action].flat().includes('dynamodb:GetRecords'));
    expect(streamRead.Resource).toEqual({ 'Fn::GetAtt': [tableId(), 'StreamArn'] });
    const others = statements.flatMap((s: any) => [s.Action].flat()).filter((a: string) => !a.startsWith('dynamodb:'));
    // Besides its logs and failure queue, the X-Ray segments of active tracing.
    expect(
      others.every(
        (a: string) =>
          a.startsWith('logs:') || a.startsWith('sqs:') || /^xray:Put(TraceSegments|TelemetryRecords)$/.test(a),
      ),
    ).toBe(true);
  });

  it('keeps the failure queue encrypted and TLS-only, and alarms as soon as it holds a message', () => {
    const queue = resourcesOf(stack)[queueId()];
    expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86400 });
    const denyInsecure = Object.values(ofType(stack, 'AWS::SQS::QueuePolicy')).filter(
      (p) =>
        p.Properties!.Queues.some((q: any) => q.Ref === queueId()) &&
        p.Properties!.PolicyDocument.Statement.some(
          (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
    );
    expect(denyInsecure).toHaveLength(1);
    t().hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId(), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });
});
