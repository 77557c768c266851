import { Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ACTIVITY_SCHEDULE_HANDLER } from '../../lambdas/jobs/job-handlers';
import type { StageConfig } from '../config/stages';
import { acknowledgeScheduleInvoke, acknowledgeTableGrant } from '../nag';
import { MixdeskFunction } from './mixdesk-function';
import { jobFailureAlarm, scheduledTarget } from './operations-alarms';

export { ACTIVITY_SCHEDULE_HANDLER };

export interface ActivityScheduleJobProps {
  readonly table: ITable;
  readonly config: StageConfig;
}

/**
 * The activity schedule (lambdas/modules/media-plans/activity-schedule.ts): EventBridge Scheduler
 * invokes it every hour — each company's day starts at midnight in its own TimeZone, so an hourly
 * run moves an activity within the hour its day begins; a run is idempotent. `npm start` runs the
 * same code at start and hourly (local/start.ts).
 */
export class ActivityScheduleJob extends Construct {
  public readonly function: MixdeskFunction;
  public readonly schedule: Schedule;
  /** Hourly invocations Scheduler could not deliver (operations-alarms.ts scheduledTarget). */
  public readonly scheduleDeadLetters: Queue;
  /** Its Scheduler dead letters and its failed runs (the stateful stack adds the topic's action). */
  public readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: ActivityScheduleJobProps) {
    super(scope, id);
    const { table, config } = props;
    this.function = new MixdeskFunction(this, 'Handler', {
      route: ACTIVITY_SCHEDULE_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      // Every company's live activities, a few reads and a transaction per move.
      timeout: Duration.minutes(5),
    });
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    // Reads activities, plans, accounts and configurations; writes the status moves with their audit
    // entries, and each company's dashboard stamp once a day (the tiles of its new day).
    table.grantReadWriteData(this.function);
    acknowledgeTableGrant(this.function.role!, table);
    const scheduled = scheduledTarget(this, this.function, 'Activity schedule', config.logs.removalPolicy);
    this.alarms = [scheduled.deadLettersAlarm, jobFailureAlarm(this, this.function, 'Activity schedule')];
    this.scheduleDeadLetters = scheduled.deadLetters;
    this.schedule = new Schedule(this, 'Hourly', {
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: scheduled.target,
      description: ACTIVITY_SCHEDULE_HANDLER.summary,
    });
    // The target role is a singleton of the stack (aws-scheduler-targets), not a child of this construct.
    acknowledgeScheduleInvoke(Stack.of(this), this.function.functionArn);
  }
}
