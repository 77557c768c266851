import { Duration } from 'aws-cdk-lib';
import { type Alarm, Dashboard, GraphWidget, type IMetric, type Metric, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { REQUEST_METRICS } from '../../lambdas/shared/metric-names';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { StageConfig } from '../config/stages';
import {
  durationAlarm,
  lambdaThrottleAlarm,
  serviceMetric,
  sesReputationAlarms,
  tableThrottleAlarm,
} from './operations-alarms';
import { TableBackup } from './table-backup';

export interface StageOperationsProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly tableName: string;
  /** The services of the manifest (their kit metrics carry the [service] dimension). */
  readonly services: readonly string[];
  /** The stateful stack's jobs and stream consumers: one duration alarm over them all (at most ten). */
  readonly jobs: readonly LambdaFunction[];
  readonly syncDispatcher: LambdaFunction;
  /** The sync workers, by platform: their throttles are expected (reserved concurrency). */
  readonly syncWorkers: Record<string, LambdaFunction>;
  /** The work queues whose depth is shown, by label. */
  readonly queues: Record<string, Queue>;
  /** Each dead-letter queue's measure, by label (its depth, or what its consumer received). */
  readonly deadLetters: Record<string, Metric>;
}

/**
 * The stage-wide part of operating it (docs/operations.md): alarms on the account's Lambda throttles,
 * the table's throttles, the jobs' durations and SES's reputation; the dashboard where the stage has
 * one; the table's backup plan. In the stateful stack: everything it reads is there or named by string.
 */
export class StageOperations extends Construct {
  public readonly alarms: Alarm[];
  public readonly dashboard?: Dashboard;
  public readonly backup: TableBackup;

  constructor(scope: Construct, id: string, props: StageOperationsProps) {
    super(scope, id);
    const { config } = props;
    const indexes = TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName);
    this.alarms = [
      lambdaThrottleAlarm(this, config, Object.values(props.syncWorkers)),
      tableThrottleAlarm(this, props.tableName, indexes),
      durationAlarm(this, 'JobDurationAlarm', props.jobs, 'Jobs and stream consumers'),
      ...sesReputationAlarms(this, config),
    ];
    if (config.operations.dashboard) this.dashboard = this.makeDashboard(props);
    this.backup = new TableBackup(this, 'Backup', { table: props.table, config });
  }

  /** API latency and errors per service, the sync's runs and failures, queue depths and dead letters. */
  private makeDashboard(props: StageOperationsProps): Dashboard {
    const { config, services } = props;
    const period = Duration.minutes(5);
    const perService = (metricName: string, statistic: string) =>
      services.map((s) => serviceMetric(s, metricName, statistic).with({ label: s }));
    const graph = (title: string, left: IMetric[], width = 12) =>
      new GraphWidget({ title, left, width, height: 6, legendPosition: undefined });
    const workers = Object.entries(props.syncWorkers);
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `mixdesk-${config.name}`,
      defaultInterval: Duration.days(1),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Mixdesk ${config.name}\nAlarms go to the topic mixdesk-${config.name}-alarms; what each means: docs/operations.md "Alarms".`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      graph('API latency p50 (ms) by service', perService(REQUEST_METRICS.latency, 'p50')),
      graph('API latency p99 (ms) by service', perService(REQUEST_METRICS.latency, 'p99')),
    );
    dashboard.addWidgets(
      graph('API 5xx by service', perService(REQUEST_METRICS.serverErrors, 'Sum')),
      graph('API 4xx by service', perService(REQUEST_METRICS.clientErrors, 'Sum')),
    );
    dashboard.addWidgets(
      graph('Sync runs: dispatcher and workers (invocations)', [
        props.syncDispatcher.metricInvocations({ period, label: 'dispatcher' }),
        ...workers.map(([type, fn]) => fn.metricInvocations({ period, label: type })),
      ]),
      graph('Sync failures (errors)', [
        props.syncDispatcher.metricErrors({ period, label: 'dispatcher' }),
        ...workers.map(([type, fn]) => fn.metricErrors({ period, label: type })),
      ]),
    );
    dashboard.addWidgets(
      graph(
        'Queue depths (messages visible)',
        Object.entries(props.queues).map(([type, q]) =>
          q.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: type }),
        ),
      ),
      graph(
        'Dead letters',
        Object.entries(props.deadLetters).map(([label, m]) => m.with({ label })),
      ),
    );
    return dashboard;
  }
}
