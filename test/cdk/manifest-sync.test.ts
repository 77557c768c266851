import { ROUTES, routePath, type RouteDef } from '../../lambdas/manifest';
import { routesByService } from '../../lib/stage';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * The manifest is the single source of routes: what the stacks deploy must be exactly ROUTES, and
 * every stack must stay well inside CloudFormation's 500-resource limit as the manifest grows.
 */
const { stages } = buildApp();

/** Resources one route adds to its service stack: function, role, policy, log group, integration, route, permission. */
const RESOURCES_PER_ROUTE = 7;
/** Resources a service stack has whatever its routes: its 5xx-rate alarm, and its p99 alarm where the stage sets one. */
const RESOURCES_PER_SERVICE = 2;
const STACK_BUDGET = 400;

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage) => {
  const stacks = () => [stage.stateful, stage.api, ...stage.services.values(), stage.web];

  it("deploys exactly the manifest routes, the scheduled reports' public GET /unsubscribe and GET|POST /confirm-recipient, the vendor contacts' GET|POST /confirm-contact, a sent order's GET|POST /order-acceptance and the pacing digest's GET /digest-unsubscribe (outside the manifest)", () => {
    const deployed = new Set(
      stacks().flatMap((s) => Object.values(ofType(s, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!.RouteKey)),
    );
    expect(deployed).toEqual(
      new Set([
        ...ROUTES.map((r) => `POST ${routePath(r)}`),
        'GET /unsubscribe',
        'GET /confirm-recipient',
        'POST /confirm-recipient',
        'GET /confirm-contact',
        'POST /confirm-contact',
        'GET /order-acceptance',
        'POST /order-acceptance',
        'GET /digest-unsubscribe',
      ]),
    );
  });

  it('has one stack per manifest service', () => {
    expect(new Set(stage.services.keys())).toEqual(new Set(ROUTES.map((r) => r.service)));
  });

  it(`keeps every stack under ${STACK_BUDGET} resources`, () => {
    for (const stack of stacks())
      expect([stack.stackName, Object.keys(resourcesOf(stack)).length < STACK_BUDGET]).toEqual([stack.stackName, true]);
  });

  it(`costs ${RESOURCES_PER_ROUTE} resources per route, so a service stack holds ${Math.floor((STACK_BUDGET - RESOURCES_PER_SERVICE) / RESOURCES_PER_ROUTE)} routes`, () => {
    const perService = stage.config.alarms.latencyP99Ms === null ? 1 : RESOURCES_PER_SERVICE;
    for (const [service, stack] of stage.services) {
      const routes = ROUTES.filter((r) => r.service === service).length;
      expect(Object.keys(resourcesOf(stack)).length).toBe(perService + RESOURCES_PER_ROUTE * routes);
    }
  });
});

describe('routesByService', () => {
  it('gives a service that is new to the manifest its own group (and so its own stack)', () => {
    const extra = { ...ROUTES[0], service: 'NotYetAService', method: 'GetPacing' } as RouteDef;
    const groups = routesByService([...ROUTES, extra]);
    expect(groups.get('NotYetAService')).toEqual([extra]);
    expect([...groups.values()].flat()).toHaveLength(ROUTES.length + 1);
  });
});
