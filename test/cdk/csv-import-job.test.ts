import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { handlerFile } from '../../lambdas/manifest';
import {
  CSV_IMPORT_DEAD_LETTERS_HANDLER,
  CSV_IMPORT_MAX_RECEIVES,
  CSV_IMPORT_WORKER_HANDLER,
  csvImportQueueName,
} from '../../lib/constructs/csv-import-job';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * The CSV import job in the cloud: a queue and its worker (batch 1, partial failures), a dead-letter
 * queue with an alarm to the stage's topic; the worker reads and deletes on uploads/csv/ only; the
 * import route may send to that queue only, and knows its URL.
 */
const { stages } = buildApp();

it('deploys the worker and the dead-letter consumer from lambdas/jobs', () => {
  expect(handlerFile(CSV_IMPORT_WORKER_HANDLER)).toBe('lambdas/jobs/csv-import-worker.ts');
  expect(handlerFile(CSV_IMPORT_DEAD_LETTERS_HANDLER)).toBe('lambdas/jobs/csv-import-dead-letters.ts');
  for (const h of [CSV_IMPORT_WORKER_HANDLER, CSV_IMPORT_DEAD_LETTERS_HANDLER])
    expect(existsSync(path.join(__dirname, '..', '..', handlerFile(h)))).toBe(true);
});

const policiesOf = (resources: Record<string, any>, roleId: string) =>
  Object.values(resources)
    .filter((r: any) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p: any) => p.Properties.PolicyDocument.Statement);

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const job = stack.csvImport;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

  it('queue → worker, DLQ after the receives with an alarm, S3 on uploads/csv/ only', () => {
    const mapping = Object.values(ofType(stack, 'AWS::Lambda::EventSourceMapping')).find((m) =>
      JSON.stringify(m.Properties!.FunctionName).includes(id(job.worker)),
    )!;
    expect(mapping.Properties).toMatchObject({
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      EventSourceArn: { 'Fn::GetAtt': [id(job.queue), 'Arn'] },
    });
    const queue = ofType(stack, 'AWS::SQS::Queue')[id(job.queue)].Properties!;
    expect(queue).toMatchObject({
      QueueName: csvImportQueueName(stage.config),
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 3600,
      RedrivePolicy: { maxReceiveCount: CSV_IMPORT_MAX_RECEIVES },
    });
    const alarm = Object.values(ofType(stack, 'AWS::CloudWatch::Alarm')).find((a) =>
      JSON.stringify(a.Properties!.Dimensions).includes(id(job.deadLetterQueue)),
    )!;
    expect(JSON.stringify(alarm.Properties!.AlarmActions)).toContain(
      stack.getLogicalId(stack.alarmTopic.node.defaultChild as CfnElement),
    );
    // The dead letters are consumed: each ends its run (the table only, no file).
    const dlq = Object.values(ofType(stack, 'AWS::Lambda::EventSourceMapping')).find((m) =>
      JSON.stringify(m.Properties!.FunctionName).includes(id(job.deadLetterWorker)),
    )!;
    expect(dlq.Properties).toMatchObject({
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      EventSourceArn: { 'Fn::GetAtt': [id(job.deadLetterQueue), 'Arn'] },
    });
    expect(
      ofType(stack, 'AWS::Lambda::Function')[id(job.deadLetterWorker)].Properties!.Environment.Variables.TABLE_NAME,
    ).toEqual(expect.anything());
    const dlqS3 = policiesOf(
      resourcesOf(stack),
      stack.getLogicalId(job.deadLetterWorker.executionRole.node.defaultChild as CfnElement),
    ).filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
    expect(dlqS3).toEqual([]);
    expect(alarm.Properties).toMatchObject({ MetricName: 'NumberOfMessagesReceived', Statistic: 'Sum', Threshold: 1 });
    const worker = ofType(stack, 'AWS::Lambda::Function')[id(job.worker)].Properties!;
    expect(worker.Environment.Variables.CREATIVES_BUCKET).toEqual(expect.anything());
    const s3 = policiesOf(
      resourcesOf(stack),
      stack.getLogicalId(job.worker.executionRole.node.defaultChild as CfnElement),
    ).filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
    expect(s3.flatMap((s: any) => [s.Action].flat()).sort()).toEqual(['s3:DeleteObject', 's3:GetObject']);
    for (const s of s3)
      expect(JSON.stringify(s.Resource)).toMatch(new RegExp(`mixdesk-${name}-creatives-.*/uploads/csv/\\*`));
  });

  it('ImportCampaignStatsCsv knows the queue and may send to it only; no other connector route may', () => {
    const service = stage.services.get('ConnectorsService')!;
    const resources = resourcesOf(service);
    for (const [method, fn] of service.functions) {
      const f = resources[service.getLogicalId(fn.node.defaultChild as CfnElement)];
      const sqs = policiesOf(resources, f.Properties!.Role['Fn::GetAtt'][0]).filter((s: any) =>
        JSON.stringify(s.Resource).includes(csvImportQueueName(stage.config)),
      );
      const url = f.Properties!.Environment.Variables.CSV_IMPORT_QUEUE_URL;
      if (method === 'ImportCampaignStatsCsv') {
        expect(sqs.map((s: any) => s.Action)).toEqual(['sqs:SendMessage']);
        expect(JSON.stringify(url)).toContain(csvImportQueueName(stage.config));
      } else {
        expect({ method, sqs, url }).toEqual({ method, sqs: [], url: undefined });
      }
    }
  });
});
