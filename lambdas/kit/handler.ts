import middy from '@middy/core';
import type { output, ZodType } from 'zod';
import { findRoute, type MethodName, type RouteDef, type RouteOf, type ServiceName } from '../manifest';
import type { UserProfile } from '../repositories/profiles';
import { checkVisibleAccountId } from '../domain/access';
import { authorize } from './authorize';
import { parseBody } from './body';
import { loadCaller } from './caller';
import { requireMfaWhereDemanded } from './mfa';
import { fail, ok, type HttpReply } from './envelope';
import { AppError, ValidationError } from './errors';
import type { HttpApiEvent, LambdaContext } from './event';
import { errorFields, log } from './logger';
import { accessTokenSubject } from './token';
import { validate } from './validate';

/** What a service method receives: validated input, the caller's profile, the checked account. */
export interface MethodContext<I> {
  input: I;
  caller: UserProfile;
  /** The x-account-id the caller may see; set when the route is account-scoped (or it was sent). */
  accountId?: number;
  requestId: string;
}

type InputOf<Sv extends ServiceName, M extends string> = output<RouteOf<Sv, M>['input']>;

/**
 * Builds the Lambda handler of one manifest route. The order is the contract of every route:
 * body → schema (400) → caller profile (401) → permission (403) → x-account-id access (403) →
 * method → envelope; typed errors map to their status, anything else is a logged generic 500.
 */
export function serviceHandler<Sv extends ServiceName, M extends MethodName<Sv>>(
  service: Sv, method: M,
  fn: (ctx: MethodContext<InputOf<Sv, M>>) => Promise<unknown>,
) {
  const route = findRoute(service, method);
  return middy<HttpApiEvent, HttpReply>().handler(async (event, context) => {
    const requestId = (context as LambdaContext | undefined)?.awsRequestId ?? event.requestContext?.requestId ?? 'local';
    try {
      const headers = event.headers ?? {};
      const raw = parseBody(event.body, event.isBase64Encoded, headers['content-type']);
      const input = validate(route.input as ZodType, raw);
      const caller = await loadCaller(accessTokenSubject(event));
      authorize(caller, route.requires);
      if (!route.beforeMfa) await requireMfaWhereDemanded(caller);
      const accountId = await checkAccountHeader(route, caller, headers['x-account-id']);
      const response = await fn({ input: input as InputOf<Sv, M>, caller, accountId, requestId });
      return ok(response);
    } catch (err) {
      if (err instanceof AppError) {
        if (err.statusCode >= 500) log.error('method failed', { route: `${service}.${method}`, requestId, ...errorFields(err) });
        return fail(err.statusCode, err.message);
      }
      log.error('unexpected error', { route: `${service}.${method}`, requestId, ...errorFields(err) });
      return fail(500, 'Something went wrong on our side; the team has been told. Please try again.');
    }
  });
}

async function checkAccountHeader(route: RouteDef, caller: UserProfile, header: string | undefined): Promise<number | undefined> {
  if (route.accountScope === 'none') return undefined;
  if (header === undefined || header === '') {
    if (route.accountScope === 'required') throw new ValidationError('x-account-id: header is required');
    return undefined;
  }
  if (!/^\d{1,10}$/.test(header) || Number(header) <= 0 || Number(header) > 2147483647) {
    throw new ValidationError('x-account-id: must be a positive account id');
  }
  return checkVisibleAccountId(caller, Number(header));
}
