import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import { PARTITION_REGISTRY_ACTIONS, PARTITION_REGISTRY_KEYS } from '../../lib/constructs/partition-registry-grant';
import {
  LINE_AUDIT_HANDLER,
  LINE_AUDIT_MAX_RECORD_AGE,
  LINE_AUDIT_RETRY_ATTEMPTS,
} from '../../lib/constructs/line-audit-stream';
import type { MixdeskStage } from '../../lib/stage';
import {
  dynamoActionsOf,
  expectFailureQueueAndAlarm,
  expectHandlerFile,
  expectStreamFunction,
  expectStreamMapping,
  streamConsumerStatements,
} from './stream-consumer-checks';
import { buildApp, ofType } from './synth-app';

/**
 * The consumer of the table's change stream (audit entries of one-write line changes), as deployed:
 * one event source mapping from the stream, filtered on the audit mark, with partial-batch retries
 * and a failure queue; the function may only create audit entries.
 */
const { stages } = buildApp();

it('deploys lambdas/streams/audit-line-changes.ts', () => {
  expectHandlerFile(LINE_AUDIT_HANDLER, 'lambdas/streams/audit-line-changes.ts');
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const audit = stage.stateful.lineAudit;
  const tableId = () => Object.keys(ofType(stack, 'AWS::DynamoDB::Table'))[0];

  it('maps the table stream to the handler: oldest first, filtered on the audit mark, partial-batch retries, failure queue', () => {
    expectStreamMapping(
      stage,
      audit,
      {
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: 100,
        MaximumRetryAttempts: LINE_AUDIT_RETRY_ATTEMPTS,
        MaximumRecordAgeInSeconds: LINE_AUDIT_MAX_RECORD_AGE.toSeconds(),
      },
      [{ dynamodb: { NewImage: { [TABLE_DESIGN.stream.auditMarkAttribute]: { N: [{ exists: true }] } } } }],
    );
  });

  it('runs the handler like the routes (Node 24, arm64, own log group) with a batch-sized timeout and the table name', () => {
    expectStreamFunction(stage, audit, 60);
  });

  it('lets the handler create audit entries only: PutItem on audit partitions (and their registry), stream read, failure queue, own logs', () => {
    const statements = streamConsumerStatements(stage, audit);
    expect(dynamoActionsOf(statements)).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      // Its own partitions', and the partition registry's.
      'dynamodb:PutItem',
      'dynamodb:PutItem',
    ]);
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 'dynamodb:PutItem',
      Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*#AUDIT'] } },
    });
    // And the partition registry's entries the document client reads and writes with a new partition.
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: PARTITION_REGISTRY_ACTIONS,
      Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': PARTITION_REGISTRY_KEYS } },
    });
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
    expectFailureQueueAndAlarm(stage, audit);
  });
});
