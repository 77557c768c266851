import { getAccount } from '../../lambdas/repositories/accounts';
import type { UserProfile } from '../../lambdas/repositories/profiles';
import type { Company } from './world';

/** An unsigned JWT with the given subject: the body token LogInByAws compares with the caller. */
export function fakeJwt(sub: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'test' })}.${part({ sub, token_use: 'access' })}.c2lnbmF0dXJl`;
}

export interface RouteCall {
  /** The x-account-id of the call (the page's account). */
  accountId?: number;
  body: Record<string, unknown>;
  /** Who may make this call (the positive control). */
  allowed: UserProfile;
}

/**
 * One valid call per manifest route, made in company `c`. The permission matrix, the cross-company
 * (IDOR) and the bad-input tests are generated from these; a route without a fixture fails them.
 */
export const ROUTE_FIXTURES: Record<string, (c: Company) => Promise<RouteCall>> = {
  'AuthService.LogInByAws': async (c) => ({ body: { JwtToken: fakeJwt(c.planner.sub), Email: c.planner.email }, allowed: c.planner }),
  'MainService.CrashSend': async (c) => ({ body: { Error: 'TypeError: x is undefined', Info: 'at AccountsList', ComponentStack: 'in App' }, allowed: c.client }),
  'AccountsService.GetAccountsList': async (c) => ({ accountId: c.accounts.main.ID, body: { mainAccountId: c.accounts.main.ID }, allowed: c.planner }),
  'AccountsService.GetMainAccount': async (c) => ({ accountId: c.accounts.main.ID, body: { accountId: c.accounts.sub.ID }, allowed: c.client }),
  'AccountsService.GetAccountInfo': async (c) => ({ accountId: c.accounts.main.ID, body: { accountId: c.accounts.sub.ID }, allowed: c.client }),
  'AccountsService.CreateAccount': async (c) => ({
    accountId: c.accounts.main.ID, body: { account: { ID: 0, Name: 'Fixture Sub', ParentId: c.accounts.main.ID }, applayVATToSubAccounts: false }, allowed: c.approver,
  }),
  'AccountsService.UpdateAccount': async (c) => {
    const current = (await getAccount(c.companyId, c.accounts.sub.ID, true))!;
    return { accountId: c.accounts.main.ID, body: { account: { ...current, Name: `Renamed ${current.version}` }, applayVATToSubAccounts: false }, allowed: c.planner };
  },
  'AccountsService.DeleteAccount': async (c) => ({ accountId: c.accounts.main.ID, body: { accountId: c.accounts.sub.ID }, allowed: c.approver }),
  'AccountsService.RestoreAccount': async (c) => ({ accountId: c.accounts.main.ID, body: { accountId: c.accounts.sub.ID }, allowed: c.approver }),
};
