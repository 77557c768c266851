import type { UserProfile } from '../../lambdas/repositories/profiles';
import { ACCOUNTS_SERVICE_FIXTURES } from './fixtures/accounts-service';
import { AUTH_SERVICE_FIXTURES } from './fixtures/auth-service';
import { MAIN_SERVICE_FIXTURES } from './fixtures/main-service';
import type { Company } from './world';

export { fakeJwt } from './fake-jwt';

export interface RouteCall {
  /** The x-account-id of the call (the page's account). */
  accountId?: number;
  body: Record<string, unknown>;
  /** Who may make this call (the positive control). */
  allowed: UserProfile;
}

export type RouteFixtures = Record<string, (c: Company) => Promise<RouteCall>>;

/**
 * One valid call per manifest route, made in company `c`, kept per service in fixtures/. The
 * permission matrix, the cross-company (IDOR) and the bad-input tests are generated from these; a
 * route without a fixture fails them.
 */
export const ROUTE_FIXTURES: RouteFixtures = {
  ...AUTH_SERVICE_FIXTURES,
  ...MAIN_SERVICE_FIXTURES,
  ...ACCOUNTS_SERVICE_FIXTURES,
};
