import { requiredText } from './schema-fields';

/*
 * A channel type's lists and its name field, apart from modules/channel-types/schemas.ts: the domain (the
 * catalogue's order, template application, the account copies) and the report filters take these,
 * and importing the schema module for them built every channel-type schema in those functions' cold
 * init (a schema module's constants are all built at import). Import them from here, not from modules/channel-types/schemas.ts.
 */

/** The channel groups of a channel type (docs/domain.md). The order of groups is the order lists show them in. */
export const CHANNEL_GROUPS = ['Search', 'Social', 'Video', 'Display', 'Offline'] as const;
export type ChannelGroup = (typeof CHANNEL_GROUPS)[number];

/** Which connector reports a channel type's delivery ('none': nothing reports it, e.g. print). */
export const CONNECTOR_TYPES = [
  'google_ads',
  'meta_ads',
  'tiktok_ads',
  'linkedin_ads',
  'taboola',
  'outbrain',
  'dv360',
  'csv_upload',
  'none',
] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

export const CHANNEL_TYPE_NAME_MAX = 100;

export const channelTypeName = () => requiredText(CHANNEL_TYPE_NAME_MAX);
