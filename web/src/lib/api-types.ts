import type { input as InputOf } from 'zod/mini';
import type { MethodName, RouteOf, ServiceName } from '@server/manifest';
import type { ReplyOf } from '@server/shared/replies/reply';
import type { AccountRow, AccountsPage, AccountView, MainAccountInfo } from '@server/shared/replies/accounts';
import type { LoginReply } from '@server/modules/sign-in/replies';

/**
 * The console's API types come from the route manifest (type-only imports: Vite bundles none of the
 * server code): a method added there is callable at once, with its zod input type as the request
 * and the reply its route declares (`reply: replyOf<…>()`, types in lambdas/shared/replies/) as the
 * answer. No call site casts a reply: a wrong expectation is a compile error here, not a blank screen.
 */
export type { AccountRow, AccountsPage, AccountView, LoginReply, MainAccountInfo };
/** The console's name for an account as the API shows it. */
export type Account = AccountView;
export type { ServiceName, MethodName };

export type RequestOf<Sv extends ServiceName, M extends string> = InputOf<RouteOf<Sv, M>['input']>;

export type ResponseOf<Sv extends ServiceName, M extends string> = ReplyOf<RouteOf<Sv, M>>;

/** The reply envelope of docs/domain.md. */
export type Envelope<T> = { Success: true; Response: T } | { Success: false; ErrorMessage: string };
