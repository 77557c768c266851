import type { CfnElement, Stack } from 'aws-cdk-lib';
import { ROUTES } from '../../lambdas/manifest';
import { STAGES, type StageName } from '../../lib/config/stages';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, templateOf } from './synth-app';

/**
 * What operating a stage relies on (docs/operations.md): the scheduled jobs' dead letters and retries,
 * the alarm set counted by metric, the dashboard where the stage has one, versioned buckets with their
 * lifecycle, and the table's backup plan. Numbers are written out by hand per stage.
 */
const { stages } = buildApp();
const SERVICES = new Set(ROUTES.map((r) => r.service)).size;

/** Per stage: days of earlier object versions, access logs and backups; whether it mails, has p99 alarms and a dashboard. */
const EXPECTED: Record<
  StageName,
  { versions: number; accessLogs: number; backups: number; mails: boolean; p99: number | null; dashboard: boolean }
> = {
  dev: { versions: 7, accessLogs: 30, backups: 7, mails: false, p99: null, dashboard: false },
  staging: { versions: 14, accessLogs: 30, backups: 14, mails: true, p99: null, dashboard: true },
  prod: { versions: 30, accessLogs: 365, backups: 35, mails: true, p99: 3000, dashboard: true },
};

type Props = Record<string, any>;
const stacksOf = (stage: MixdeskStage): Stack[] => [stage.stateful, stage.api, ...stage.services.values(), stage.web];
const alarmsOf = (stage: MixdeskStage) =>
  stacksOf(stage).flatMap((s) =>
    Object.entries(ofType(s, 'AWS::CloudWatch::Alarm')).map(([id, a]) => ({ id, stack: s, p: a.Properties as Props })),
  );

/** An alarm's kind: its namespace/metric (and statistic), or its math expression's shape. */
function kindOf(p: Props): string {
  if (p.MetricName) return `${p.Namespace}/${p.MetricName}/${p.Statistic ?? p.ExtendedStatistic}`;
  const expr: string = p.Metrics.find((m: Props) => m.Expression).Expression;
  return `math:${expr.replace(/\d+/g, 'N').slice(0, 10)}`;
}

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage: MixdeskStage) => {
  const want = EXPECTED[name];
  const id = (stack: Stack, c: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(c.node.defaultChild as CfnElement);

  it('gives each hourly Scheduler target an encrypted, TLS-only dead-letter queue, 2 retries and an hour', () => {
    const schedules = [
      [stage.stateful, ofType(stage.stateful, 'AWS::Scheduler::Schedule')],
      [stage.api, ofType(stage.api, 'AWS::Scheduler::Schedule')],
    ] as const;
    let count = 0;
    for (const [stack, found] of schedules)
      for (const s of Object.values(found)) {
        count++;
        const target = s.Properties!.Target;
        expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
        const queueId = target.DeadLetterConfig.Arn['Fn::GetAtt'][0];
        const queue = ofType(stack, 'AWS::SQS::Queue')[queueId];
        expect(queue.Properties!.SqsManagedSseEnabled).toBe(true);
        const policy = Object.values(ofType(stack, 'AWS::SQS::QueuePolicy')).find((qp) =>
          JSON.stringify(qp.Properties!.Queues).includes(queueId),
        );
        expect(JSON.stringify(policy?.Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
        // The Scheduler's own alarm on that queue's depth.
        const alarm = Object.values(ofType(stack, 'AWS::CloudWatch::Alarm')).find((a) =>
          JSON.stringify(a.Properties!.Dimensions ?? []).includes(queueId),
        );
        expect(alarm?.Properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
      }
    // The activity schedule, the connector sync, the scheduled reports and the pacing digest.
    expect(count).toBe(4);
  });

  it('has the alarm set of the stage, counted by metric, each notifying the stage topic', () => {
    const counts: Record<string, number> = {};
    for (const { p } of alarmsOf(stage)) counts[kindOf(p)] = (counts[kindOf(p)] ?? 0) + 1;
    const expected: Record<string, number> = {
      // 5xx rate per service (as before), and the API's own.
      'math:IF(request': SERVICES + 1,
      // 3 sync dead letters, 3 stream consumers' failures, 4 Scheduler dead letters.
      'AWS/SQS/ApproximateNumberOfMessagesVisible/Maximum': 10,
      // Dead letters consumed at once, counted as received: the CSV import's and the company data job's.
      'AWS/SQS/NumberOfMessagesReceived/Sum': 2,
      // Failed runs: activity schedule, sync dispatcher, scheduled reports, pacing digest.
      'AWS/Lambda/Errors/Sum': 4,
      'math:FILL(total': 1,
      'math:FILL(tN, N': 1,
      // Durations: the stateful stack's jobs together, the report dispatcher alone.
      'math:MAX([dN / ': 2,
      // Requests near their own route's timeout.
      'Mixdesk/RequestsNearTimeout/Sum': 1,
    };
    if (want.mails) {
      expected['AWS/SES/Reputation.BounceRate/Maximum'] = 1;
      expected['AWS/SES/Reputation.ComplaintRate/Maximum'] = 1;
    }
    if (want.p99 !== null) expected['Mixdesk/Latency/p99'] = SERVICES;
    expect(counts).toEqual(expected);
    for (const { stack, p } of alarmsOf(stage))
      expect(JSON.stringify(stack.resolve(p.AlarmActions))).toMatch(new RegExp(`AlarmsTopic|:mixdesk-${name}-alarms`));
  });

  it('reads the right dimensions and thresholds', () => {
    const all = alarmsOf(stage);
    const byId = (part: string) => all.filter((a) => a.id.includes(part)).map((a) => a.p);
    // Job failures: the four hourly functions.
    const stateful = stage.stateful;
    const failed = all.filter((a) => a.p.MetricName === 'Errors').map((a) => a.p.Dimensions[0].Value.Ref);
    expect(failed.sort()).toEqual(
      [
        id(stateful, stateful.activitySchedule.function),
        id(stateful, stateful.connectorSync.dispatcher),
        id(stage.api, stage.api.scheduledReports.dispatcher),
        id(stage.api, stage.pacingDigest.function),
      ].sort(),
    );
    // Throttles: the account's total less the three sync workers.
    const [throttles] = byId('LambdaThrottles');
    expect(throttles.Threshold).toBe(STAGES[name].alarms.lambdaThrottles);
    const stats = throttles.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => m.MetricStat.Metric);
    expect(stats.map((m: Props) => m.Dimensions?.[0].Value.Ref ?? 'account')).toEqual([
      'account',
      ...Object.values(stateful.connectorSync.workers).map((w) => id(stateful, w)),
    ]);
    // The table and both indexes, reads and writes.
    const [table] = byId('TableThrottles');
    const dims = table.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) =>
      [m.MetricStat.Metric.MetricName, ...m.MetricStat.Metric.Dimensions.map((d: Props) => d.Value)].join(' '),
    );
    expect(dims).toEqual([
      `ReadThrottleEvents mixdesk-${name}`,
      `WriteThrottleEvents mixdesk-${name}`,
      `ReadThrottleEvents gsi1 mixdesk-${name}`,
      `WriteThrottleEvents gsi1 mixdesk-${name}`,
      `ReadThrottleEvents gsi2 mixdesk-${name}`,
      `WriteThrottleEvents gsi2 mixdesk-${name}`,
    ]);
    // Jobs: 5-minute ones (activity, sync dispatcher), 10-minute workers, the rest by their own timeouts.
    const [jobs] = byId('JobDuration');
    const expr: string = jobs.Metrics.find((m: Props) => m.Expression).Expression;
    expect(expr).toMatch(/^MAX\(\[d0 \/ 300000, d1 \/ 300000, d2 \/ 600000, d3 \/ 600000, d4 \/ 600000, /);
    expect(jobs.Threshold).toBe(0.8);
    // Any request past 80 % of its own route's timeout, whichever that is: one stage-wide count.
    expect(byId('SlowRoute')[0]).toMatchObject({ MetricName: 'RequestsNearTimeout', Threshold: 1 });
    expect(byId('SlowRoute')[0].Dimensions).toBeUndefined();
    // The API's own 5xx rate, which counts the functions killed by their timeout.
    const [api5xx] = byId('ApiServerErrorRate');
    expect(api5xx.Threshold).toBe(STAGES[name].alarms.serverErrorRate);
    expect(
      api5xx.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => [
        m.MetricStat.Metric.Namespace,
        m.MetricStat.Metric.MetricName,
      ]),
    ).toEqual([
      ['AWS/ApiGateway', '5xx'],
      ['AWS/ApiGateway', 'Count'],
    ]);
    if (want.mails) {
      expect(byId('SesBounceRate')[0].Threshold).toBe(0.025);
      expect(byId('SesComplaintRate')[0].Threshold).toBe(0.0005);
    }
    for (const [service, stack] of stage.services) {
      const latency = Object.values(ofType(stack, 'AWS::CloudWatch::Alarm')).filter(
        (a) => a.Properties!.MetricName === 'Latency',
      );
      if (want.p99 === null) expect(latency).toHaveLength(0);
      else
        expect(latency[0].Properties).toMatchObject({
          ExtendedStatistic: 'p99',
          Period: 900,
          Threshold: want.p99,
          Dimensions: [{ Name: 'service', Value: service }],
        });
    }
  });

  it(`${EXPECTED[name].dashboard ? 'has' : 'has no'} dashboard`, () => {
    const dashboards = Object.values(ofType(stage.stateful, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(want.dashboard ? 1 : 0);
    if (!want.dashboard) return;
    expect(dashboards[0].Properties!.DashboardName).toBe(`mixdesk-${name}`);
    const body = JSON.stringify(stage.stateful.resolve(dashboards[0].Properties!.DashboardBody));
    for (const title of ['API latency p99', 'API 5xx by service', 'Sync failures', 'Queue depths', 'Dead letters'])
      expect(body).toContain(title);
    for (const service of new Set(ROUTES.map((r) => r.service))) expect(body).toContain(service);
  });

  it('versions the creatives and console buckets, expiring earlier versions after the stage days', () => {
    const creatives = ofType(stage.stateful, 'AWS::S3::Bucket')[id(stage.stateful, stage.stateful.creatives.bucket)];
    const consoleBucket = Object.entries(ofType(stage.web, 'AWS::S3::Bucket')).find(([k]) =>
      k.startsWith('ConsoleBucket'),
    )![1];
    for (const bucket of [creatives, consoleBucket]) {
      expect(bucket.Properties!.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties!.LifecycleConfiguration.Rules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
          expect.objectContaining({
            NoncurrentVersionExpiration: { NoncurrentDays: want.versions },
            ExpiredObjectDeleteMarker: true,
          }),
        ]),
      );
    }
    expect(creatives.Properties!.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1 })]),
    );
    const logBuckets = [stage.stateful, stage.web].flatMap((s) =>
      Object.entries(ofType(s, 'AWS::S3::Bucket')).filter(([k]) => k.includes('AccessLogs')),
    );
    expect(logBuckets).toHaveLength(2);
    for (const [, b] of logBuckets)
      expect(b.Properties!.LifecycleConfiguration.Rules).toEqual([
        expect.objectContaining({ ExpirationInDays: want.accessLogs }),
      ]);
  });

  it('backs the table up daily into the stage vault, kept the stage days, selected by its ARN', () => {
    const stateful = stage.stateful;
    const [vault] = Object.entries(ofType(stateful, 'AWS::Backup::BackupVault'));
    expect(vault[1].Properties!.BackupVaultName).toBe(`mixdesk-${name}-backups`);
    expect(vault[1].DeletionPolicy).toBe(name === 'prod' ? 'Retain' : 'Delete');
    const plans = Object.values(ofType(stateful, 'AWS::Backup::BackupPlan'));
    expect(plans).toHaveLength(1);
    expect(plans[0].Properties!.BackupPlan.BackupPlanRule).toEqual([
      {
        RuleName: 'daily',
        ScheduleExpression: 'cron(0 3 * * ? *)',
        Lifecycle: { DeleteAfterDays: want.backups },
        TargetBackupVault: { 'Fn::GetAtt': [vault[0], 'BackupVaultName'] },
      },
    ]);
    const selections = Object.values(ofType(stateful, 'AWS::Backup::BackupSelection'));
    expect(selections).toHaveLength(1);
    expect(selections[0].Properties!.BackupSelection.Resources).toEqual([
      { 'Fn::GetAtt': [id(stateful, stateful.table as never), 'Arn'] },
    ]);
  });
});

it('copies each recovery point to the second region vault a stage names, kept as long', () => {
  const copyTo = 'arn:aws:backup:eu-central-1:111111111111:backup-vault:mixdesk-prod-copies';
  const config = {
    ...STAGES.prod,
    operations: { ...STAGES.prod.operations, backup: { retentionDays: 35, copyToVaultArn: copyTo } },
  };
  const {
    stages: [stage],
  } = buildApp([config]);
  const plan = Object.values(templateOf(stage.stateful).findResources('AWS::Backup::BackupPlan'))[0];
  expect(plan.Properties.BackupPlan.BackupPlanRule[0].CopyActions).toEqual([
    { DestinationBackupVaultArn: copyTo, Lifecycle: { DeleteAfterDays: 35 } },
  ]);
});
