import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { handlerFile } from '../../lambdas/manifest';
import { ACTIVITY_SCHEDULE_HANDLER } from '../../lib/constructs/activity-schedule-job';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType } from './synth-app';

/** The activity schedule runs hourly in the cloud, from EventBridge Scheduler, on the one table. */
const { stages } = buildApp();

it('deploys lambdas/jobs/activity-schedule.ts', () => {
  const file = handlerFile(ACTIVITY_SCHEDULE_HANDLER);
  expect(file).toBe('lambdas/jobs/activity-schedule.ts');
  expect(existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const stack = stage.stateful;
  const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

  it("one hourly schedule invokes the job's function, with retries", () => {
    // The stack's other schedule is the connector sync's dispatcher (test/cdk/connector-sync.test.ts).
    const schedules = Object.values(ofType(stack, 'AWS::Scheduler::Schedule')).filter((s) =>
      JSON.stringify(s.Properties!.Target).includes(id(stage.stateful.activitySchedule.function)),
    );
    expect(schedules).toHaveLength(1);
    const p = schedules[0].Properties!;
    expect(p.ScheduleExpression).toBe('rate(1 hour)');
    expect(p.State).not.toBe('DISABLED');
    expect(p.Target).toMatchObject({
      Arn: { 'Fn::GetAtt': [id(stage.stateful.activitySchedule.function), 'Arn'] },
      RetryPolicy: { MaximumRetryAttempts: 2 },
    });
  });
});
