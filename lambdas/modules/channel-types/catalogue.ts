import { ConflictError } from '../../core/errors';
import type { ChannelType } from './channel-type-store';
import { insertChannelType, listChannelTypes, PLATFORM_COMPANY_ID } from './channel-type-store.dynamodb';
import { nextId } from '../../aws/dynamodb/counters';
import type { BuyType, ChannelGroup, ConnectorType } from './schemas';

type CatalogueEntry = Pick<ChannelType, 'Name'> & {
  Group: ChannelGroup;
  DefaultBuyType: BuyType;
  ConnectorType: ConnectorType;
};

/**
 * The platform's starting catalogue: the channels an Israeli/international agency plans most, each
 * with the buy type it is usually bought on and the connector that reports it. Offline media is
 * bought flat; TV and radio delivery arrives as post-campaign files (csv_upload), outdoor and print
 * have no delivery feed (none).
 */
export const CHANNEL_TYPE_CATALOGUE: readonly CatalogueEntry[] = [
  { Name: 'Google Search', Group: 'Search', DefaultBuyType: 'CPC', ConnectorType: 'google_ads' },
  { Name: 'Google Display', Group: 'Display', DefaultBuyType: 'CPM', ConnectorType: 'google_ads' },
  { Name: 'YouTube', Group: 'Video', DefaultBuyType: 'CPV', ConnectorType: 'google_ads' },
  { Name: 'Meta (Facebook)', Group: 'Social', DefaultBuyType: 'CPM', ConnectorType: 'meta_ads' },
  { Name: 'Instagram', Group: 'Social', DefaultBuyType: 'CPM', ConnectorType: 'meta_ads' },
  { Name: 'TikTok', Group: 'Social', DefaultBuyType: 'CPM', ConnectorType: 'tiktok_ads' },
  { Name: 'LinkedIn', Group: 'Social', DefaultBuyType: 'CPC', ConnectorType: 'linkedin_ads' },
  { Name: 'Taboola', Group: 'Display', DefaultBuyType: 'CPC', ConnectorType: 'taboola' },
  { Name: 'Outbrain', Group: 'Display', DefaultBuyType: 'CPC', ConnectorType: 'outbrain' },
  { Name: 'Programmatic Display', Group: 'Display', DefaultBuyType: 'CPM', ConnectorType: 'dv360' },
  { Name: 'TV', Group: 'Offline', DefaultBuyType: 'Flat', ConnectorType: 'csv_upload' },
  { Name: 'Radio', Group: 'Offline', DefaultBuyType: 'Flat', ConnectorType: 'csv_upload' },
  { Name: 'Outdoor', Group: 'Offline', DefaultBuyType: 'Flat', ConnectorType: 'none' },
  { Name: 'Print', Group: 'Offline', DefaultBuyType: 'Flat', ConnectorType: 'none' },
];

export const CATALOGUE_SEEDER = 'system (catalogue seed)';

/**
 * Adds every catalogue entry whose name the platform does not have yet; an existing type (even one a
 * system admin edited or retired) is left alone, so running it again changes nothing. Safe to run
 * concurrently: the name guard lets one creator win and the other skip.
 */
export async function seedChannelTypeCatalogue(): Promise<{ created: string[] }> {
  const existing = new Set((await listChannelTypes()).map((t) => t.Name.trim().toLowerCase()));
  const created: string[] = [];
  for (const entry of CHANNEL_TYPE_CATALOGUE) {
    if (existing.has(entry.Name.toLowerCase())) continue;
    const now = new Date().toISOString();
    try {
      await insertChannelType({
        ...entry,
        ID: await nextId(PLATFORM_COMPANY_ID, 'ChannelType'),
        Active: true,
        version: 1,
        createdAt: now,
        createdBy: CATALOGUE_SEEDER,
        updatedAt: now,
        updatedBy: CATALOGUE_SEEDER,
      });
      created.push(entry.Name);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err; // created meanwhile by a concurrent seed
    }
  }
  return { created };
}
