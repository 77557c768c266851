import { GoogleAdsClient } from '../../lambdas/modules/connectors/platforms/google-ads/client';
import { metaAdsClient } from '../../lambdas/modules/connectors/platforms/meta-ads/client';
import {
  PlatformError,
  type ConnectorType,
  type PlatformClient,
  type PlatformCredentials,
} from '../../lambdas/modules/connectors/platform';
import { platformClientFor } from '../../lambdas/modules/connectors/platforms/account-listers';
import { tiktokAdsClient } from '../../lambdas/modules/connectors/platforms/tiktok-ads/client';
import { GOOGLE_ADS_DEMO, startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import {
  META_FAKE_EXPIRED_TOKEN,
  META_FAKE_TOKEN,
  startFakeMeta,
  type FakeMeta,
} from '../../local/fakes/meta-ads-server';
import {
  startFakeTikTok,
  TIKTOK_FAKE_APP,
  TIKTOK_FAKE_EXPIRED_TOKEN,
  TIKTOK_FAKE_TOKEN,
  type FakeTikTok,
} from '../../local/fakes/tiktok-ads-server';

/**
 * "Test connection"'s clients (platformClientFor: each platform's <platform>-accounts.ts, without the
 * daily grain, so ConnectorsService.TestAgentConnection's bundle stays within 300 kB) against the
 * local platforms: the same accounts the sync's full clients list, the same refusal of an expired
 * token, and no stats reader. The accounts part's rules are tested through the full clients
 * (test/connectors/*-ads-client.test.ts), which list accounts with this same code.
 */
let google: FakeGoogleAds;
let meta: FakeMeta;
let tiktok: FakeTikTok;
const ENV = ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL', 'META_GRAPH_API_URL', 'TIKTOK_API_URL'] as const;
const saved: Partial<Record<(typeof ENV)[number], string>> = {};

beforeAll(async () => {
  [google, meta, tiktok] = await Promise.all([
    startFakeGoogleAds({ port: 0 }),
    startFakeMeta({ port: 0 }),
    startFakeTikTok({ port: 0 }),
  ]);
  for (const k of ENV) saved[k] = process.env[k];
  process.env.GOOGLE_ADS_API_URL = google.apiUrl;
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  process.env.META_GRAPH_API_URL = meta.endpoint;
  process.env.TIKTOK_API_URL = tiktok.endpoint;
});

afterAll(async () => {
  for (const k of ENV)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  await Promise.all([google.stop(), meta.stop(), tiktok.stop()]);
});

const googleCredentials = (refreshToken: string): PlatformCredentials => ({
  refreshToken,
  clientId: GOOGLE_ADS_DEMO.clientId,
  clientSecret: GOOGLE_ADS_DEMO.clientSecret,
});
const tiktokCredentials = (accessToken: string): PlatformCredentials => ({
  accessToken,
  clientId: TIKTOK_FAKE_APP.appId,
  clientSecret: TIKTOK_FAKE_APP.secret,
});

const cases: [
  ConnectorType,
  () => PlatformClient,
  PlatformCredentials,
  PlatformCredentials & { externalAccountIds?: string[] },
][] = [
  [
    'google_ads',
    () => new GoogleAdsClient({ credentials: googleCredentials(GOOGLE_ADS_DEMO.refreshToken) }),
    googleCredentials(GOOGLE_ADS_DEMO.refreshToken),
    googleCredentials(GOOGLE_ADS_DEMO.expiredRefreshToken),
  ],
  [
    'meta_ads',
    () => metaAdsClient({ accessToken: META_FAKE_TOKEN }),
    { accessToken: META_FAKE_TOKEN },
    { accessToken: META_FAKE_EXPIRED_TOKEN },
  ],
  [
    'tiktok_ads',
    () =>
      tiktokAdsClient({ accessToken: TIKTOK_FAKE_TOKEN, appId: TIKTOK_FAKE_APP.appId, secret: TIKTOK_FAKE_APP.secret }),
    tiktokCredentials(TIKTOK_FAKE_TOKEN),
    { ...tiktokCredentials(TIKTOK_FAKE_EXPIRED_TOKEN), externalAccountIds: ['7100000000003'] },
  ],
];

describe.each(cases)('%s', (type, fullClient, credentials, expired) => {
  it("lists the accounts the sync's full client lists, and reads no stats", async () => {
    const lister = platformClientFor(type, credentials)!;
    expect(lister.type).toBe(type);
    expect('dailyStats' in lister).toBe(false);
    const accounts = await lister.listAccounts();
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    expect(accounts).toEqual(await fullClient().listAccounts());
  });

  it('refuses an expired token as auth (the connection tests as NoAccess)', async () => {
    const { externalAccountIds, ...creds } = expired;
    const err = await platformClientFor(type, creds, externalAccountIds)!
      .listAccounts()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'auth', platform: type });
  });
});
