/** What other modules may use of channel-types: nothing else of this folder. */
export { listChannelTypes, type ChannelType } from './channel-type-store';
