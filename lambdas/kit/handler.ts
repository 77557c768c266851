import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { output, ZodMiniType as ZodType } from 'zod/mini';
import type { ReplyOf, RouteDef } from './route';
import type { UserProfile } from '../core/caller';
import type { CallerLookups } from './caller-port';
import { authorize } from './authorize';
import { parseBody } from './body';
import { admitCaller, afterGate } from './caller';
import { requireMfaWhereDemanded } from './mfa';
import { fail, ok, type HttpReply } from './envelope';
import { AppError, moneyInputError, ValidationError } from '../core/errors';
import type { HttpApiEvent, LambdaContext } from './event';
import { errorFields, log, logger } from '../core/logger';
import { recordNearTimeout, recordRequest } from './metrics';
import { tracing } from './tracing';
import { accessTokenSubject, sessionAuthTime } from './token';
import { validate } from './validate';
import { MoneyInputError } from '../shared/money';

/** What a service method receives: validated input, the caller's profile, the checked account. */
export interface MethodContext<I, A extends number | undefined = number | undefined> {
  input: I;
  caller: UserProfile;
  /**
   * The x-account-id the caller may see: always set (a number) on routes whose accountScope is
   * 'required', so their methods need no `accountId!`; on 'optional' routes set when it was sent.
   */
  accountId: A;
  requestId: string;
}

type RouteNamed<R extends readonly RouteDef[], M extends string> = Extract<R[number], { method: M }>;
type AccountOf<Rt> = Rt extends { accountScope: 'required' } ? number : number | undefined;
export type ContextOf<Rt extends RouteDef> = MethodContext<output<Rt['input']>, AccountOf<Rt>>;

/**
 * Builds the Lambda handler of one route, given that route (a module's `routes.ts` exports
 * each route as its own const, `route()` has no side effects): a bundle then holds its own route and
 * schema only — not the manifest, not the rest of its service — so a schema edit redeploys the
 * functions that use it and no others, and no bundle carries the other routes' schemas and summaries.
 *
 * The order is the contract of every route:
 * body → schema (400) → access token (401) → caller profile (401) → permission (403) → MFA (403) →
 * x-account-id access (403) → method → envelope; typed errors map to their status, anything else is
 * a logged generic 500. On read-only routes with the caller's profile cached, the gate read (the
 * disabled / signed-out check, kit/caller.ts) runs beside the rest, and its 401 replaces whatever
 * the rest answered: the same replies, one round trip sooner.
 */
export interface ServiceHandler {
  <Rt extends RouteDef>(
    route: Rt,
    // The method must answer the route's declared reply (kit/route.ts `reply`): the console is typed from it.
    fn: (ctx: ContextOf<Rt>) => Promise<ReplyOf<Rt>>,
  ): ReturnType<typeof lambdaOf>;
  /** The older form: the service's route list and the method's name (the whole list is then bundled). */
  <R extends readonly RouteDef[], M extends R[number]['method']>(
    routes: R,
    method: M,
    fn: (ctx: ContextOf<RouteNamed<R, M>>) => Promise<ReplyOf<RouteNamed<R, M>>>,
  ): ReturnType<typeof lambdaOf>;
}

/**
 * The handler builder, given what the kit must know of callers (a port: the users module answers
 * it, and lambdas/service-handler.ts wires the two once for every handler file).
 */
export function serviceHandlerWith(lookups: CallerLookups): ServiceHandler {
  return ((
    routeOrList: RouteDef | readonly RouteDef[],
    methodOrFn: string | ((ctx: MethodContext<unknown>) => Promise<unknown>),
    maybeFn?: (ctx: MethodContext<unknown>) => Promise<unknown>,
  ) => {
    if (!Array.isArray(routeOrList))
      return lambdaOf(
        lookups,
        routeOrList as RouteDef,
        methodOrFn as (ctx: MethodContext<unknown>) => Promise<unknown>,
      );
    const route = (routeOrList as readonly RouteDef[]).find((r) => r.method === methodOrFn);
    if (!route) throw new Error(`No route ${String(methodOrFn)} in this service's route list`);
    return lambdaOf(lookups, route, maybeFn!);
  }) as ServiceHandler;
}

/** The reply has every field of the route's `acceptedWhen` (a job still running): answered 202. */
const isAccepted = (when: RouteDef['acceptedWhen'], response: unknown): boolean =>
  !!when && !!response && Object.entries(when).every(([k, v]) => (response as Record<string, unknown>)[k] === v);

function lambdaOf(lookups: CallerLookups, route: RouteDef, fn: (ctx: MethodContext<unknown>) => Promise<unknown>) {
  const { service, method } = route;
  // The stack's Lambda middleware engine (middy) with Powertools' logger middleware: the Lambda request
  // id, function name and cold start on every log line of a call, and nothing of it left for the next
  // (resetKeys). The event is never logged: it holds the token. Then the call's X-Ray subsegment (kit/tracing.ts).
  return middy<HttpApiEvent, HttpReply>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracing())
    .handler(async (event, context) => {
      const started = performance.now();
      const lambda = context as LambdaContext | undefined;
      const budgetMs = lambda?.getRemainingTimeInMillis?.();
      const reply = await answer(event, lambda);
      const ms = performance.now() - started;
      recordRequest(service, method, reply.statusCode, ms);
      if (budgetMs !== undefined) recordNearTimeout(service, method, ms, budgetMs);
      return reply;
    });

  async function answer(event: HttpApiEvent, context: LambdaContext | undefined): Promise<HttpReply> {
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId ?? 'local';
    const where: Record<string, unknown> = { route: `${service}.${method}`, requestId };
    try {
      const headers = event.headers ?? {};
      const raw = parseBody(event.body, event.isBase64Encoded, headers['content-type'], route!.maxBodyBytes);
      const input = validate(route!.input as ZodType, raw);
      const alongside = route!.access === 'read' && !route!.gateFirst;
      const { caller, gate } = await admitCaller(
        lookups,
        accessTokenSubject(event),
        { authTime: sessionAuthTime(event) },
        alongside,
      );
      where.companyId = caller.companyId;
      const response = await afterGate(
        gate,
        (async () => {
          authorize(caller, route!.requires);
          if (!route!.beforeMfa) await requireMfaWhereDemanded(caller, lookups);
          const accountId = await checkAccountHeader(lookups, route!, caller, headers['x-account-id']);
          return fn({ input, caller, accountId, requestId } as MethodContext<unknown>);
        })(),
      );
      return ok(response, isAccepted(route!.acceptedWhen, response) ? 202 : 200);
    } catch (err) {
      if (err instanceof AppError) {
        if (err.statusCode >= 500) log.error('method failed', { ...where, ...errorFields(err) });
        return fail(err.statusCode, err.message, err.code, err.params, err.issues);
      }
      // A money figure out of its bounds that a domain check did not turn into a ValidationError
      // first: still the caller's input, so a 400 naming the field, never a generic 500.
      if (err instanceof MoneyInputError) {
        const e = moneyInputError(err);
        return fail(e.statusCode, e.message, e.code, e.params);
      }
      log.error('unexpected error', { ...where, ...errorFields(err) });
      return fail(500, 'Something went wrong on our side; the team has been told. Please try again.', 'INTERNAL');
    }
  }
}

async function checkAccountHeader(
  lookups: CallerLookups,
  route: RouteDef,
  caller: UserProfile,
  header: string | undefined,
): Promise<number | undefined> {
  if (route.accountScope === 'none') return undefined;
  if (header === undefined || header === '') {
    if (route.accountScope === 'required')
      throw new ValidationError('x-account-id: header is required', 'FIELD_REQUIRED', { field: 'x-account-id' });
    return undefined;
  }
  if (!/^\d{1,10}$/.test(header) || Number(header) <= 0 || Number(header) > 2147483647) {
    throw new ValidationError('x-account-id: must be a positive account id', 'FIELD_INVALID', {
      field: 'x-account-id',
      detail: 'must be a positive account id',
      reason: 'ACCOUNT_ID_HEADER',
    });
  }
  return lookups.visibleAccountId(caller, Number(header));
}
