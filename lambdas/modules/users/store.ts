import type { ListPage } from '../../aws/dynamodb/page-token';
import type { Write } from '../../aws/dynamodb/transaction';
import type { UserProfile } from '../tenancy';

export interface UserChangeWrite {
  before: UserProfile;
  after: UserProfile;
  by: string;
  at: string;
  /** The audit entry's before → after (the fields that changed). */
  audit: { before: Record<string, unknown>; after: Record<string, unknown> };
  /**
   * Another active Admin whose state the change relies on (the last-Admin rule): checked unchanged
   * in the same transaction, so two Admins demoting each other at once cannot both succeed.
   */
  keepsAdmin?: UserProfile;
}

/** What the user rules need of storage; store.dynamodb.ts implements it. */
export interface UserStore {
  /** One page of the company's users by name, matching part of a name or e-mail and who sees an account. */
  listUsers(
    companyId: number,
    filter: { search?: string; seesAccount?: number },
    limit: number,
    nextToken: string | null | undefined,
  ): Promise<ListPage<UserProfile>>;
  /** Every profile of the company. */
  allUsersOf(companyId: number): Promise<UserProfile[]>;
  /** Marks an invitation of `email` in flight; a second one meanwhile is a ConflictError (USER_EXISTS). */
  reserveInvite(email: string, companyId: number, now?: number): Promise<void>;
  /** An invitation that failed: its mark and the mark's partition-registry entry. */
  releaseInvite(email: string, companyId: number): Promise<void>;
  /** The invited user's profile, identity pointer and audit entry, and the invitation's end, all at once. */
  completeInvite(
    profile: UserProfile,
    by: string,
    auditAfter: Record<string, unknown>,
    alsoWrite?: readonly Write[],
  ): Promise<void>;
  /** A change of a user: the profile (at the version read), the identity pointer's gate fields, the audit entry. */
  saveUserChange(w: UserChangeWrite): Promise<void>;
  /** A user's audit entries, newest first (at most `limit`). */
  userAuditEntries(companyId: number, sub: string, limit: number): Promise<Record<string, unknown>[]>;
  /** Gives a profile written before the users list its list entry and gate fields; false when it had them. */
  backfillUserListEntry(profile: UserProfile): Promise<boolean>;
}
