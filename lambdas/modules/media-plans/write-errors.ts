import type { Account } from '../tenancy';
import { AccountArchived, ActivityChanged, PlanChanged, PlanExists, VersionChanged } from './store/conflicts';
import { archivedAccountError } from './write-rules';

/**
 * What the user is told when a plan write's re-check failed at commit. The store names the fact
 * (media-plan-conflicts.ts); the write's caller says how to find out what happened to it — usually
 * by reading it again (scope.ts explainHeader / explainActivity). A fact without an
 * explanation here (a line moved on: LineChanged) answers the store's reload 409.
 */
export interface Explanations {
  /** The accounts read before the write: an AccountArchived names the one archived meanwhile. */
  accounts: readonly Account[];
  version?: () => Promise<Error>;
  activity?: () => Promise<Error>;
  plan?: () => Promise<Error> | Error;
  exists?: () => Error;
}

export async function explained(write: () => Promise<void>, why: Explanations): Promise<void> {
  try {
    await write();
  } catch (err) {
    throw await explanationOf(err, why);
  }
}

async function explanationOf(err: unknown, why: Explanations): Promise<unknown> {
  if (err instanceof AccountArchived) {
    const account = why.accounts.find((a) => a.ID === err.accountId);
    return account ? archivedAccountError(account) : err;
  }
  if (err instanceof VersionChanged && why.version) return why.version();
  if (err instanceof ActivityChanged && why.activity) return why.activity();
  if (err instanceof PlanChanged && why.plan) return why.plan();
  if (err instanceof PlanExists && why.exists) return why.exists();
  return err;
}
