/**
 * The reply half of a route's contract (lambdas/kit/route.ts). A route states what it answers with
 * `reply: replyOf<AccountsPage>()` beside its `input`; the kit then refuses (at compile time) a
 * handler whose method returns anything else, and the console's `callApi` returns that type. The
 * reply types themselves live beside this file, one module per business area, as plain TypeScript:
 * no server import, so the console may import them and a Lambda bundle carries none of them.
 */

declare const REPLY: unique symbol;

/** A phantom: carries the reply type T at compile time; at run time the route's `reply` is undefined. */
export interface Reply<T> {
  readonly [REPLY]: T;
}

/**
 * `reply: replyOf<T>` in a route — an instantiation expression, not a call: at run time the field
 * holds this function, never called (no schema, no check); at compile time its type carries T. Not a
 * call because a bundler must keep a call it cannot prove pure, and with it the whole route literal
 * of every route a handler does not use (kit/route.ts).
 */
export const replyOf = <T>(): Reply<T> => undefined as unknown as Reply<T>;

/** The type of `replyOf<T>` (a route's `reply`). */
export type ReplyMark<T> = () => Reply<T>;

/** What a route answers with (its `reply` phantom, unwrapped). */
export type ReplyOf<Rt> = Rt extends { reply: ReplyMark<infer T> }
  ? T
  : Rt extends { reply: Reply<infer T> }
    ? T
    : never;

/** The fields every stored business item shows (docs/domain.md): its optimistic version and who/when. */
export interface Stamped {
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

/** A whole list (no paging). */
export interface ListOf<T> {
  Items: T[];
}

/** One page of a list; NextToken null on the last page (opaque: send it back as `nextToken`). */
export interface Page<T> {
  Items: T[];
  NextToken: string | null;
}
