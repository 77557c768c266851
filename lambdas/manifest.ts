import type { ZodType } from 'zod';
import { Permission } from './shared/permissions';
import { logInByAws } from './schemas/auth';
import { crashSend } from './schemas/main';
import { accountIdInput, getAccountsList, saveAccount } from './schemas/accounts';

/**
 * The route manifest: every service method of Mixdesk, once. The CDK API stacks, the local API
 * server, the permission and bad-input tests and the console's API types are all generated from
 * this list, so a method added here is deployed, served locally and tested everywhere at once.
 *
 * Keep this module free of AWS SDK and CDK imports: every Lambda bundle includes it.
 */
export type Access = 'read' | 'write';

export interface Requirement {
  /** The caller needs at least one of these (Admin implies all). Empty/absent: no permission. */
  anyOf?: Permission[];
  /** Only platform operators (profile.isSystemAdmin). */
  systemAdmin?: boolean;
  /** Agency staff only: a client-only user (ClientZone and nothing else) is refused. */
  staff?: boolean;
}

export interface RouteDef<S extends ZodType = ZodType> {
  service: string;
  method: string;
  /** Read-only routes get a read-only table grant in the cloud. */
  access: Access;
  requires: Requirement;
  /**
   * 'required': the request must carry x-account-id, the caller must have access to that account
   * and the kit hands the verified id to the handler. 'optional': checked when present.
   * 'none': the header is ignored (company-wide settings, sign-in).
   */
  accountScope: 'required' | 'optional' | 'none';
  input: S;
  summary: string;
}

/** Keeps each route's service and method as literal types so handlers get typed input. */
const route = <S extends ZodType, Sv extends string, M extends string>(r: RouteDef<S> & { service: Sv; method: M }) => r;

export const ROUTES = [
  route({
    service: 'AuthService', method: 'LogInByAws', access: 'write', requires: {}, accountScope: 'none',
    input: logInByAws,
    summary: 'Confirms the Cognito token belongs to the caller, records the sign-in, returns the profile',
  }),
  route({
    service: 'MainService', method: 'CrashSend', access: 'write', requires: {}, accountScope: 'none',
    input: crashSend,
    summary: 'Stores a console crash report for 90 days',
  }),
  route({
    service: 'AccountsService', method: 'GetAccountsList', access: 'read', requires: {}, accountScope: 'optional',
    input: getAccountsList,
    summary: 'Main accounts (mainAccountId -1) or the sub-accounts of one account, by name, paginated',
  }),
  route({
    service: 'AccountsService', method: 'GetMainAccount', access: 'read', requires: {}, accountScope: 'required',
    input: accountIdInput,
    summary: 'The main account of an account or sub-account, and what the caller may do there',
  }),
  route({
    service: 'AccountsService', method: 'GetAccountInfo', access: 'read', requires: {}, accountScope: 'required',
    input: accountIdInput,
    summary: 'One account or sub-account',
  }),
  route({
    service: 'AccountsService', method: 'CreateAccount', access: 'write',
    requires: { anyOf: [Permission.AccountCreateDelete], staff: true }, accountScope: 'optional',
    input: saveAccount,
    summary: 'Creates a main account or sub-account (ID > 0 updates, as the legacy client expects)',
  }),
  route({
    service: 'AccountsService', method: 'UpdateAccount', access: 'write', requires: { staff: true }, accountScope: 'required',
    input: saveAccount,
    summary: 'Updates an account; applayVATToSubAccounts copies ApplyVat to its sub-accounts in the same transaction',
  }),
  route({
    service: 'AccountsService', method: 'DeleteAccount', access: 'write',
    requires: { anyOf: [Permission.AccountCreateDelete], staff: true }, accountScope: 'required',
    input: accountIdInput,
    summary: 'Archives an account (restorable; nothing is destroyed)',
  }),
  route({
    service: 'AccountsService', method: 'RestoreAccount', access: 'write',
    requires: { anyOf: [Permission.AccountCreateDelete], staff: true }, accountScope: 'required',
    input: accountIdInput,
    summary: 'Brings an archived account back',
  }),
] as const;

export type ManifestRoute = (typeof ROUTES)[number];
export type ServiceName = ManifestRoute['service'];
export type MethodName<Sv extends ServiceName> = Extract<ManifestRoute, { service: Sv }>['method'];
export type RouteOf<Sv extends ServiceName, M extends string> = Extract<ManifestRoute, { service: Sv; method: M }>;

/** kebab-case of a PascalCase name: AccountsService → accounts-service, LogInByAws → log-in-by-aws. */
export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The handler file of a route, relative to the repository root: one file per service method. */
export const handlerFile = (r: Pick<RouteDef, 'service' | 'method'>) => `lambdas/${kebab(r.service)}/${kebab(r.method)}.ts`;

/** The HTTP path of a route (DOMAIN.md §6). */
export const routePath = (r: Pick<RouteDef, 'service' | 'method'>) => `/${r.service}/${r.method}`;

export function findRoute(service: string, method: string): RouteDef {
  const r = ROUTES.find((x) => x.service === service && x.method === method);
  if (!r) throw new Error(`No route ${service}.${method} in the manifest`);
  return r as RouteDef;
}
