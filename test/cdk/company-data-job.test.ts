import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { COMPANY_DATA_DEAD_LETTERS_HANDLER, COMPANY_DATA_WORKER_HANDLER } from '../../lambdas/jobs/job-handlers';
import { handlerFile } from '../../lambdas/manifest';
import { COMPANY_DATA_MAX_RECEIVES } from '../../lambdas/modules/company-data/job-run';
import { COMPANY_DATA_ROUTE_GRANTS } from '../../lib/constructs/company-data-job';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * The company data job in the cloud: a queue and its worker (batch 1, partial failures, 15 minutes),
 * a dead-letter queue consumed and alarmed; the worker's grants name the creatives bucket's company
 * prefixes, the pool and the connector secrets only; of CompaniesService, the two routes that start
 * a job may send to that queue, GetCompanyExport read exports/, and no other route either.
 */
const { stages } = buildApp();

const policiesOf = (resources: Record<string, any>, roleId: string) =>
  Object.values(resources)
    .filter((r: any) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p: any) => p.Properties.PolicyDocument.Statement);

it('deploys the worker and the dead-letter consumer from lambdas/jobs', () => {
  for (const h of [COMPANY_DATA_WORKER_HANDLER, COMPANY_DATA_DEAD_LETTERS_HANDLER])
    expect(existsSync(path.join(__dirname, '..', '..', handlerFile(h)))).toBe(true);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const job = stack.companyData;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

  it('queue → worker, DLQ after the receives with an alarm and a consumer; the worker grants', () => {
    const mappings = Object.values(ofType(stack, 'AWS::Lambda::EventSourceMapping'));
    const of = (fn: { node: { defaultChild?: unknown } }) =>
      mappings.find((m) => JSON.stringify(m.Properties!.FunctionName).includes(id(fn)))!.Properties;
    expect(of(job.worker)).toMatchObject({ BatchSize: 1, EventSourceArn: { 'Fn::GetAtt': [id(job.queue), 'Arn'] } });
    expect(of(job.deadLetterWorker)).toMatchObject({
      BatchSize: 1,
      EventSourceArn: { 'Fn::GetAtt': [id(job.deadLetterQueue), 'Arn'] },
    });
    expect(ofType(stack, 'AWS::SQS::Queue')[id(job.queue)].Properties).toMatchObject({
      QueueName: `mixdesk-${name}-company-data`,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 5400,
      RedrivePolicy: { maxReceiveCount: COMPANY_DATA_MAX_RECEIVES },
    });
    const alarm = Object.values(ofType(stack, 'AWS::CloudWatch::Alarm')).find((a) =>
      JSON.stringify(a.Properties!.Dimensions).includes(id(job.deadLetterQueue)),
    )!;
    expect(alarm.Properties).toMatchObject({ MetricName: 'NumberOfMessagesReceived', Threshold: 1 });
    const worker = ofType(stack, 'AWS::Lambda::Function')[id(job.worker)].Properties!;
    expect(worker).toMatchObject({ Timeout: 900, MemorySize: 3008, EphemeralStorage: { Size: 10_240 } });
    const statements = policiesOf(
      resourcesOf(stack),
      stack.getLogicalId(job.worker.executionRole.node.defaultChild as CfnElement),
    );
    const s3 = statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
    const byAction = (a: string) =>
      s3.filter((s: any) => [s.Action].flat().includes(a)).flatMap((s: any) => [s.Resource].flat());
    const prefixes = (a: string) =>
      byAction(a).map((r: unknown) =>
        /creatives-[^/]*\/([a-z/]+)\\\*|creatives-[^/]*\/([a-z/]+)\*/.exec(JSON.stringify(r))?.slice(1).find(Boolean),
      );
    expect(prefixes('s3:DeleteObject').sort()).toEqual([
      'bills/',
      'creatives/',
      'exports/',
      'logos/',
      'orders/',
      'uploads/',
    ]);
    expect(prefixes('s3:GetObject')).toEqual(['logos/']);
    expect(prefixes('s3:PutObject')).toEqual(['exports/']);
    expect(prefixes('s3:AbortMultipartUpload')).toEqual(['exports/']);
    const list = s3.find((s: any) => [s.Action].flat().includes('s3:ListBucket'));
    expect(Object.keys(list.Condition.StringLike)).toEqual(['s3:prefix']);
    const others = statements
      .flatMap((s: any) => [s.Action].flat())
      .filter((a: string) => a.startsWith('cognito-idp:') || a.startsWith('secretsmanager:'));
    expect(others.sort()).toEqual(['cognito-idp:AdminDeleteUser', 'secretsmanager:DeleteSecret']);
  });

  it('CompaniesService: the job starters send to the queue, GetCompanyExport reads exports/; no other route', () => {
    const service = stage.services.get('CompaniesService')!;
    const resources = resourcesOf(service);
    for (const [method, fn] of service.functions) {
      const f = resources[service.getLogicalId(fn.node.defaultChild as CfnElement)];
      const actions = policiesOf(resources, f.Properties!.Role['Fn::GetAtt'][0])
        .flatMap((s: any) => [s.Action].flat())
        .filter((a: string) => a.startsWith('sqs:') || a.startsWith('s3:'));
      expect({ method, actions }).toEqual({ method, actions: [...(COMPANY_DATA_ROUTE_GRANTS[method] ?? [])] });
    }
  });
});
