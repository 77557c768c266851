import type { ZodMiniType as ZodType } from 'zod/mini';
import { REQUIRES, type Requirement } from '../shared/policy';

type RequirementName = keyof typeof REQUIRES;
import type { Reply, ReplyMark } from '../shared/replies/reply';

export { replyOf, type ReplyOf } from '../shared/replies/reply';

export type Access = 'read' | 'write';

export type { Requirement };

export interface RouteDef<S extends ZodType = ZodType> {
  service: string;
  method: string;
  /**
   * Read-only routes get a read-only table grant in the cloud, and the kit reads the caller's gate
   * beside their method (kit/caller.ts admitCaller) unless `gateFirst`.
   */
  access: Access;
  /**
   * A read route that calls a paid outside service (Bedrock): the caller's gate is read BEFORE its
   * method, as on write routes, so a disabled user's call costs nothing outside.
   */
  gateFirst?: boolean;
  /** One of shared/policy.ts REQUIRES: the kit and the console evaluate it with the same canCall. */
  requires: Requirement;
  /**
   * 'required': the request must carry x-account-id, the caller must have access to that account
   * and the kit hands the verified id to the handler. 'optional': checked when present.
   * 'none': the header is ignored (company-wide settings, sign-in).
   */
  accountScope: 'required' | 'optional' | 'none';
  /**
   * Callable before the user has turned on MFA in a company that requires it: only what signing in
   * and setting MFA up needs (sign-in, crash reports), and the company configuration, so an admin
   * can always turn RequireMfa off again (before MFA, SaveConfigurations changes nothing else:
   * kit/mfa.ts and modules/configurations/configurations.ts).
   */
  beforeMfa?: boolean;
  /**
   * The largest request body the route takes, when it is not the kit's MAX_BODY_BYTES (256 kB): only
   * routes that carry a file in the body (the plan's Excel import) raise it.
   */
  maxBodyBytes?: number;
  /**
   * The reply's fields that mean "accepted, still running" (a job the caller polls): the kit then
   * answers 202 instead of 200, with the same envelope.
   */
  acceptedWhen?: Readonly<Record<string, string>>;
  input: S;
  /**
   * What the method answers with, as a phantom: `reply: replyOf<AccountsPage>` (no call: see
   * shared/replies/reply.ts), a type from `lambdas/shared/replies/`. Nothing is checked or bundled
   * at run time; at compile time the kit refuses a handler returning anything else and the console's
   * callApi returns this type.
   */
  reply: ReplyMark<unknown> | Reply<unknown>;
  summary: string;
}

/**
 * Keeps each route's service, method, account scope and reply as literal types, so handlers get
 * typed input and, on 'required' routes, an `accountId` that is a number, and must return the reply.
 * `requires` is named (`requires: 'staff'`, a key of shared/policy.ts REQUIRES) and resolved here.
 *
 * No side effects, and nothing in a route's literal that esbuild must keep (it keeps a property
 * read such as `REQUIRES.staff` and any call not marked pure): so a bundle drops every route its
 * handler does not name (kit/handler.ts serviceHandler), and their schemas and summaries with them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function route<
  S extends ZodType,
  Sv extends string,
  M extends string,
  A extends RouteDef['accountScope'],
  Rp extends ReplyMark<unknown> | Reply<unknown>,
>(
  r: Omit<RouteDef<S>, 'requires'> & {
    requires: RequirementName | Requirement;
    service: Sv;
    method: M;
    accountScope: A;
    reply: Rp;
  },
) {
  return { ...r, requires: typeof r.requires === 'string' ? REQUIRES[r.requires] : r.requires } as Omit<
    typeof r,
    'requires'
  > & { requires: Requirement };
}
