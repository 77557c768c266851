import type { AccountView as Account } from '../../shared/replies/accounts';
import type { NamedWrite } from '../../aws/dynamodb/transaction';

/** What the account store needs of the name claims; account-name-store.dynamodb.ts implements it. */
export interface AccountNameStore {
  /** The key of the claim of a name under a parent (null = main accounts). */
  nameClaimKey(companyId: number, parentId: number | null, name: string): { pk: string; sk: string };
  /** The claim writes of one account change: release the name it held, take the one it will hold. */
  nameClaimWrites(companyId: number, before: Account | null, after: Account): NamedWrite[];
}
