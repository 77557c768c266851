/** What other modules may use of channel-types: nothing else of this folder. */
export { listChannelTypes, type ChannelType } from './channel-type-store';
export { listAccountChannelTypes } from './account-channel-type-store';
export { PLATFORM_COMPANY_ID, getChannelType } from './channel-type-store';
export { type AccountChannelType } from './account-channel-type-store';
export { initAccountChannelTypes } from './account-channel-types';
