import type { BuyType } from '../../shared/money';
import type { Stamped } from '../../shared/replies/reply';

/** Replies of the channel-type routes (ChannelTypesService and the account copies in AccountsService). */

export type { BuyType };
/** lambdas/modules/channel-types/schemas.ts CHANNEL_GROUPS. */
export type ChannelGroup = 'Search' | 'Social' | 'Video' | 'Display' | 'Offline';
/** lambdas/modules/channel-types/schemas.ts CONNECTOR_TYPES. */
export type ConnectorType =
  | 'google_ads'
  | 'meta_ads'
  | 'tiktok_ads'
  | 'linkedin_ads'
  | 'taboola'
  | 'outbrain'
  | 'dv360'
  | 'csv_upload'
  | 'none';

/** A global channel type (docs/domain.md). Active false retires it: accounts no longer get copies. */
export interface ChannelType extends Stamped {
  ID: number;
  Name: string;
  Group: ChannelGroup;
  DefaultBuyType: BuyType;
  ConnectorType: ConnectorType;
  Active: boolean;
  /**
   * The vendor the caller's company gives lines of this type by default (null: none). Kept per
   * company beside the platform-wide catalogue, since vendors are company data (docs/domain.md "Vendors").
   */
  DefaultVendorId: number | null;
}

/** An account's copy of a global channel type, with the account's own fees (main accounts only). */
export interface AccountChannelType extends Stamped {
  ID: number;
  AccountId: number;
  ChannelTypeId: number;
  Name: string;
  Group: ChannelGroup;
  DefaultBuyType: BuyType;
  ConnectorType: ConnectorType;
  ManagementFeePct: number;
  SystemFeePct: number;
  Active: boolean;
  /** The vendor a new plan line of this copy takes when none is given (null: the channel type's, docs/domain.md "Vendors"). */
  DefaultVendorId: number | null;
}

/** GetAccountChannelTypesList. */
export interface AccountChannelTypesList {
  /** The main account the copies belong to (a sub-account page uses its main account's copies). */
  AccountId: number;
  Items: AccountChannelType[];
}

/** InitAccountChannelTypes: the list after the copy, and how many copies were added. */
export interface AccountChannelTypesInit extends AccountChannelTypesList {
  Added: number;
}

/** SaveAccountChannelField / SaveAccountManagementFee / SaveAccountSystemFee (all-or-nothing). */
export interface BulkEditResult {
  AccountId: number;
  /** The selected copies as they are now. */
  Items: AccountChannelType[];
  /** How many of them changed (a copy that already had the value is not rewritten). */
  Changed: number;
}
