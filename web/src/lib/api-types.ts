import type { z } from 'zod';
import type { MethodName, RouteOf, ServiceName } from '../../../lambdas/manifest';
import type { AccountsPage, MainAccountInfo } from '../../../lambdas/domain/accounts';
import type { LoginReply } from '../../../lambdas/domain/login';
import type { Account } from '../../../lambdas/repositories/accounts';

/**
 * The console's API types come from the route manifest: a method added there is callable (with its
 * zod input type) at once. Reply types are listed here as the domain modules declare them; a method
 * not listed yet replies `unknown` until someone names its reply.
 */
export type { Account, AccountsPage, LoginReply, MainAccountInfo };
export type { ServiceName, MethodName };

export type RequestOf<Sv extends ServiceName, M extends string> = z.input<RouteOf<Sv, M>['input']>;

interface Replies {
  'AuthService.LogInByAws': LoginReply;
  'MainService.CrashSend': { ID?: string } | null;
  'AccountsService.GetAccountsList': AccountsPage;
  'AccountsService.GetMainAccount': MainAccountInfo;
  'AccountsService.GetAccountInfo': Account;
  'AccountsService.CreateAccount': Account;
  'AccountsService.UpdateAccount': Account;
  'AccountsService.DeleteAccount': Account;
  'AccountsService.RestoreAccount': Account;
}

export type ResponseOf<Sv extends ServiceName, M extends string> =
  `${Sv}.${M}` extends keyof Replies ? Replies[`${Sv}.${M}`] : unknown;

/** The reply envelope of DOMAIN.md §6. */
export type Envelope<T> = { Success: true; Response: T } | { Success: false; ErrorMessage: string };
