import { Stack, type CfnElement } from 'aws-cdk-lib';
import { ROUTES } from '../../lambdas/manifest';
import { buildApp, resourcesOf } from './synth-app';

/** Every route's function publishes its request metrics at its stage's detail (lib/config/stages.ts requestMetrics). */
const { stages } = buildApp();

it.each(stages.map((s) => [s.config.name, s] as const))(
  '%s: every route function has the stage detail',
  (_n, stage) => {
    let seen = 0;
    for (const service of stage.services.values())
      for (const fn of service.functions.values()) {
        const stack = Stack.of(fn);
        const f = resourcesOf(stack)[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
        expect([fn.node.id, f.Properties!.Environment.Variables.MIXDESK_METRICS_DETAIL]).toEqual([
          fn.node.id,
          stage.config.requestMetrics,
        ]);
        seen++;
      }
    expect(seen).toBe(ROUTES.length);
  },
);
