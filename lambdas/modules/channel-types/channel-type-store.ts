import type { ConflictError } from '../../core/errors';
import type { NamedWrite } from '../../aws/dynamodb/transaction';
import type { ChannelType as ChannelTypeView } from './replies';

/**
 * A global channel type (docs/domain.md), stored as the reply declares it (modules/channel-types/replies.ts)
 * but for DefaultVendorId: that is each company's, kept in its own partition (CompanyDefaultVendor).
 */
export type ChannelType = Omit<ChannelTypeView, 'DefaultVendorId'>;

/** A company's default vendor for a global channel type (`C#<cid>` / `CHTYPEVENDOR#<type id>`). */
export interface CompanyDefaultVendor {
  ChannelTypeId: number;
  VendorId: number;
}

/** What the catalogue rules need of storage; channel-type-store.dynamodb.ts implements it. */
export interface ChannelTypeStore {
  getChannelType(id: number, consistent?: boolean): Promise<ChannelType | undefined>;
  /** The whole catalogue, in id order. */
  listChannelTypes(): Promise<ChannelType[]>;
  /** A new channel type with its name guard and audit entry (and `also`, in the same transaction); a taken name is a ConflictError. */
  insertChannelType(t: ChannelType, also?: NamedWrite[]): Promise<void>;
  /** A changed channel type from the version read (`stale` when another save came first), moving its name guard on a rename. */
  replaceChannelType(before: ChannelType, after: ChannelType, stale: ConflictError, also?: NamedWrite[]): Promise<void>;
  /** The company's default vendors of global channel types, by channel type id. */
  companyDefaultVendors(companyId: number): Promise<Map<number, number>>;
  /** The writes that set (or, with null, clear) the company's default vendor of a type, with their audit entry. */
  companyDefaultVendorWrites(
    companyId: number,
    typeId: number,
    change: { before: number | null; after: number | null; who: string; at: string },
  ): NamedWrite[];
}
