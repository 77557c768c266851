import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { handlerFile } from '../../lambdas/manifest';
import {
  SYNC_DISPATCH_HANDLER,
  SYNC_MAX_RECEIVES,
  SYNC_WORKER_CONCURRENCY,
  SYNC_WORKER_HANDLERS,
  syncQueueName,
} from '../../lib/constructs/connector-sync';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType } from './synth-app';

/** The sync in the cloud — hourly dispatcher, one SQS queue + worker per platform, dead-letter queues with alarms. */
const { stages } = buildApp();

it('deploys the dispatcher and one worker per platform from lambdas/jobs', () => {
  for (const h of [SYNC_DISPATCH_HANDLER, ...Object.values(SYNC_WORKER_HANDLERS)])
    expect(existsSync(path.join(__dirname, '..', '..', handlerFile(h)))).toBe(true);
  expect(handlerFile(SYNC_WORKER_HANDLERS.google_ads)).toBe('lambdas/jobs/sync-worker-google-ads.ts');
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const sync = stack.connectorSync;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const fns = ofType(stack, 'AWS::Lambda::Function');

  it('an hourly schedule invokes the dispatcher, which may send to every platform queue and read the table', () => {
    const schedule = Object.values(ofType(stack, 'AWS::Scheduler::Schedule')).find((s) =>
      JSON.stringify(s.Properties!.Target).includes(id(sync.dispatcher)),
    );
    expect(schedule?.Properties).toMatchObject({
      ScheduleExpression: 'rate(1 hour)',
      Target: { RetryPolicy: { MaximumRetryAttempts: 2 } },
    });
    const env = JSON.stringify(fns[id(sync.dispatcher)].Properties!.Environment);
    for (const q of Object.values(sync.queues)) expect(env).toContain(id(q));
    const policies = JSON.stringify(
      Object.values(ofType(stack, 'AWS::IAM::Policy')).filter((p) =>
        JSON.stringify(p.Properties!.Roles).includes(
          stack.getLogicalId(sync.dispatcher.executionRole.node.defaultChild as CfnElement),
        ),
      ),
    );
    expect(policies).toContain('sqs:SendMessage');
    expect(policies).not.toContain('dynamodb:PutItem');
    expect(policies).not.toContain('secretsmanager');
  });

  it.each(Object.keys(SYNC_WORKER_HANDLERS) as (keyof typeof SYNC_WORKER_HANDLERS)[])(
    '%s: queue → worker (batch 1, partial failures), reserved concurrency, DLQ after %#3 receives with an alarm to the topic',
    (type) => {
      const worker = fns[id(sync.workers[type])].Properties!;
      expect(worker.ReservedConcurrentExecutions).toBe(SYNC_WORKER_CONCURRENCY[type]);
      expect(worker.Timeout).toBe(600);
      const mapping = Object.values(ofType(stack, 'AWS::Lambda::EventSourceMapping')).find((m) =>
        JSON.stringify(m.Properties!.FunctionName).includes(id(sync.workers[type])),
      )!;
      expect(mapping.Properties).toMatchObject({
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        EventSourceArn: { 'Fn::GetAtt': [id(sync.queues[type]), 'Arn'] },
      });
      const queue = ofType(stack, 'AWS::SQS::Queue')[id(sync.queues[type])].Properties!;
      expect(queue).toMatchObject({
        QueueName: syncQueueName(stage.config, type),
        SqsManagedSseEnabled: true,
        VisibilityTimeout: 3600,
        RedrivePolicy: {
          maxReceiveCount: SYNC_MAX_RECEIVES,
          deadLetterTargetArn: { 'Fn::GetAtt': [id(sync.deadLetterQueues[type]), 'Arn'] },
        },
      });
      const alarm = Object.values(ofType(stack, 'AWS::CloudWatch::Alarm')).find((a) =>
        JSON.stringify(a.Properties!.Dimensions).includes(id(sync.deadLetterQueues[type])),
      )!;
      expect(alarm.Properties).toMatchObject({ Threshold: 1, MetricName: 'ApproximateNumberOfMessagesVisible' });
      expect(JSON.stringify(alarm.Properties!.AlarmActions)).toContain(
        stack.getLogicalId(stack.alarmTopic.node.defaultChild as CfnElement),
      );
      const policies = JSON.stringify(
        Object.values(ofType(stack, 'AWS::IAM::Policy')).filter((p) =>
          JSON.stringify(p.Properties!.Roles).includes(
            stack.getLogicalId(sync.workers[type].executionRole.node.defaultChild as CfnElement),
          ),
        ),
      );
      expect(policies).toContain('secretsmanager:GetSecretValue');
      expect(policies).toContain(`mixdesk/${stage.config.name}/connectors/*`);
      expect(policies).not.toContain('secretsmanager:PutSecretValue');
    },
  );
});
