import type { PlatformId } from '../../lambdas/shared/connector-platforms';
import { GOOGLE_ADS_PORT, META_PORT, TIKTOK_PORT } from '../ports';
import type { FakeCampaignNames } from './ads-demo-data';
import { startGoogleAdsPlatformFake } from './google-ads-server';
import { startMetaPlatformFake } from './meta-ads-server';
import type { RunningPlatformFake } from './platform-fake-server';
import { startTikTokPlatformFake } from './tiktok-ads-server';

/** How `npm start` runs a platform's fake: its default port (ports.ts), and its start. */
export interface PlatformFakeEntry {
  defaultPort: number;
  start(port: number): Promise<RunningPlatformFake<FakeCampaignNames>>;
}

/**
 * Every ad platform's fake, keyed by its id in the registry (lambdas/modules/connectors/platforms/
 * registry.ts): local/start.ts starts one per registered platform. A new platform's fake is one line here.
 */
export const PLATFORM_FAKES = {
  google_ads: { defaultPort: GOOGLE_ADS_PORT, start: startGoogleAdsPlatformFake },
  meta_ads: { defaultPort: META_PORT, start: startMetaPlatformFake },
  tiktok_ads: { defaultPort: TIKTOK_PORT, start: startTikTokPlatformFake },
} as const satisfies Record<PlatformId, PlatformFakeEntry>;
