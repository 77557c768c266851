import type { ConflictError } from '../../core/errors';
import type { BillableStatementView } from './replies';

/**
 * A month's billable statement as marked final: the figures as billed, frozen. One item per account
 * and month, created once (a second mark fails its condition), with its audit entry in the same
 * transaction. Later reads show this snapshot, never a recomputation, so billed figures never change.
 */
export interface FinalStatement {
  AccountId: number;
  Month: string;
  Statement: BillableStatementView;
  updatedBy: string;
  updatedAt: string;
}

/** What the billable statements need of storage; store.dynamodb.ts implements it. */
export interface BillingStore {
  getFinalStatement(
    companyId: number,
    accountId: number,
    month: string,
    consistent?: boolean,
  ): Promise<FinalStatement | undefined>;
  /** Stores the final statement; `alreadyFinal` is thrown when the month was marked final meanwhile. */
  putFinalStatement(companyId: number, f: FinalStatement, alreadyFinal: ConflictError): Promise<void>;
  /** Removes a final statement (reopened) if it is still the one read; `stale` is thrown when it changed meanwhile. */
  deleteFinalStatement(
    companyId: number,
    f: FinalStatement,
    who: string,
    reason: string,
    stale: ConflictError,
  ): Promise<void>;
}
