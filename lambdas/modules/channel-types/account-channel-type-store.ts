import type { ConflictError } from '../../core/errors';
import type { AccountChannelType } from './replies';

/**
 * An account's copy of a global channel type (docs/domain.md): the planner picks plan lines from
 * these, with the account's own fees. Copies belong to the main account (sub-accounts use them).
 * Stored as the reply declares it (modules/channel-types/replies.ts).
 */
export type { AccountChannelType };

/** What the account channel-type rules need of storage; account-channel-type-store.dynamodb.ts implements it. */
export interface AccountChannelTypeStore {
  /** Every copy of one account (`consistent`: bulk edits validate against it). */
  listAccountChannelTypes(companyId: number, accountId: number, consistent?: boolean): Promise<AccountChannelType[]>;
  /** New copies, each with its audit entry; a copy that exists already answers `conflict`. */
  insertAccountChannelTypes(companyId: number, copies: AccountChannelType[], conflict: ConflictError): Promise<void>;
  /** A bulk edit of copies from the versions read, all or nothing (`conflict` when one changed meanwhile). */
  replaceAccountChannelTypes(
    companyId: number,
    changes: { before: AccountChannelType; after: AccountChannelType }[],
    conflict: ConflictError,
  ): Promise<{ transactions: number }>;
}
