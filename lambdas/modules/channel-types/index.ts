/** What other modules may use of channel-types: nothing else of this folder. */
export type { ChannelType } from './channel-type-store';
export { companyDefaultVendors, listChannelTypes } from './channel-type-store.dynamodb';
export { listAccountChannelTypes } from './account-channel-type-store.dynamodb';
export { PLATFORM_COMPANY_ID, getChannelType } from './channel-type-store.dynamodb';
export type { AccountChannelType } from './account-channel-type-store';
export { initAccountChannelTypes } from './account-channel-types';
