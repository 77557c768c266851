import type { ConflictError } from '../../core/errors';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { PlatformId } from '../../shared/connector-platforms';
import type { Vendor, VendorContact } from './replies';

/** The stored vendor is the reply (modules/vendors/replies.ts): one declaration. */
export type { Vendor, VendorContact };

export type VendorAction = 'update' | 'archive' | 'restore';

/** What the vendor rules need of storage; store.dynamodb.ts implements it. */
export interface VendorStore {
  getVendor(companyId: number, id: number, consistent?: boolean): Promise<Vendor | undefined>;
  /** One page of the company's active (or archived) vendors by name, those whose name holds `search` (any case). */
  listVendors(
    companyId: number,
    filter: { archived: boolean; search: string },
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<Vendor>>;
  /** The company's vendor (active or archived) that is `platform`, if any. */
  vendorOfPlatform(companyId: number, platform: PlatformId): Promise<Vendor | undefined>;
  /** A new vendor with its name guard and audit entry; a taken name is a ConflictError (NAME_TAKEN), a taken platform PLATFORM_VENDOR_TAKEN. */
  insertVendor(companyId: number, v: Vendor): Promise<void>;
  /** A changed vendor from the version read (`stale` when another save came first), moving its name guard on a rename. */
  replaceVendor(
    companyId: number,
    before: Vendor,
    after: Vendor,
    action: VendorAction,
    stale: ConflictError,
  ): Promise<void>;
}
