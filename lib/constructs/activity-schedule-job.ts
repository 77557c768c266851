import { Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { ACTIVITY_SCHEDULE_HANDLER } from '../../lambdas/jobs/job-handlers';
import type { StageConfig } from '../config/stages';
import { acknowledgeScheduleInvoke, acknowledgeTableGrant } from '../nag';
import { MixdeskFunction } from './mixdesk-function';

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
    // Reads activities, plans, accounts and configurations; writes the status moves with their audit entries.
    table.grantReadWriteData(this.function);
    acknowledgeTableGrant(this.function.role!, table);
    this.schedule = new Schedule(this, 'Hourly', {
      schedule: ScheduleExpression.rate(Duration.hours(1)),
      target: new LambdaInvoke(this.function, { retryAttempts: 2, maxEventAge: Duration.minutes(30) }),
      description: ACTIVITY_SCHEDULE_HANDLER.summary,
    });
    // The target role is a singleton of the stack (aws-scheduler-targets), not a child of this construct.
    acknowledgeScheduleInvoke(Stack.of(this), this.function.functionArn);
  }
}
