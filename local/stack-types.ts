import type { RunSummary } from '../lambdas/modules/reports/schedule-runs';
import type { PlatformId } from '../lambdas/shared/connector-platforms';
import type { FakeCampaignNames } from './fakes/ads-demo-data';
import type { RunningPlatformFake } from './fakes/platform-fake-server';

/**
 * `npm start`: the whole of Mixdesk on one machine, offline. DynamoDB Local + cognito-local + the
 * API (every manifest route, real handlers, local JWT authorizer) + the console, seeded with the
 * demo world. `startLocalStack` is also what the browser tests and the benchmarks start.
 */
export interface LocalStackOptions {
  /** Nothing on disk: DynamoDB in memory, cognito-local in a temp folder removed on stop. */
  inMemory?: boolean;
  /** Persistent data root (default `{repo}/.local`): `dynamodb/` and `cognito/` under it. */
  dataDir?: string;
  /** Port per service; 0 picks a free one. Defaults: ports.ts (env MIXDESK_*_PORT). */
  ports?: Partial<{
    dynamo: number;
    cognito: number;
    api: number;
    web: number;
    s3: number;
    ses: number;
    secretsManager: number;
    /** Each ad platform's fake, by platform id (defaults: local/fakes/platform-fakes.ts). */
    platforms: Partial<Record<PlatformId, number>>;
  }>;
  tableName?: string;
  /** Seed the demo companies, accounts and users (default true; idempotent). */
  seed?: boolean;
  /** Serve the console (default true). */
  web?: boolean;
  /** Status and per-request lines (default console.log). */
  log?: (line: string) => void;
  /** One line per API request (default true). */
  requestLog?: boolean;
  /** Forward cognito-local's own log (default false). */
  engineLog?: boolean;
  /** C1-only JVM for a fast DynamoDB Local start (default true; benchmarks may turn it off). */
  fastJvmStartup?: boolean;
  /**
   * Feed the table's change stream to its handler, as Lambda does in the cloud (default true).
   * Without it, line changes made in one write get no audit entry.
   */
  streams?: boolean;
}

export interface LocalStack {
  tableName: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  issuer: string;
  userPoolId: string;
  clientId: string;
  apiUrl: string;
  /** The local S3-compatible server holding the creatives bucket (local/fakes/s3-server.ts). */
  s3Endpoint: string;
  /** The local SES server (local/fakes/ses-server.ts); its `/` is the mail catcher page. */
  sesEndpoint: string;
  /** The local Meta Marketing API and TikTok Business API (local/fakes/meta-ads-server.ts, tiktok-ads-server.ts): demo delivery, faults at /_fake/faults. */
  metaEndpoint: string;
  tiktokEndpoint: string;
  /** The local Google Ads API (GOOGLE_ADS_API_URL; its token endpoint GOOGLE_OAUTH_TOKEN_URL). */
  googleAdsEndpoint: string;
  /** Every registered platform's fake, in the registry's order (local/fakes/platform-fakes.ts). */
  platformFakes: Record<PlatformId, RunningPlatformFake<FakeCampaignNames>>;
  /** The local Secrets Manager of the connectors' credentials (SECRETS_MANAGER_ENDPOINT). */
  secretsManagerEndpoint: string;
  /** The user pool's local admin front (local/fakes/cognito-admin-server.ts): `GET /_fake/invitations`. */
  cognitoAdminEndpoint: string;
  /** Undefined when `web: false`. */
  webUrl?: string;
  /** Whether the seed created anything (null when not seeded). */
  seeded: { created: boolean } | null;
  /** Resolves once the change-stream records of every write made so far are handled (no-op with `streams: false`). */
  settleStreams(): Promise<void>;
  /**
   * One run of the scheduled reports' dispatcher as of `now` — tests and journeys
   * advance the scheduler's clock with it; the mails go to the local SES (its catcher). The stack
   * also runs it every minute with the real clock (with streams on).
   */
  runReportSchedules(now: Date): Promise<RunSummary>;
  stop(): Promise<void>;
}

/** What each step of the start reads: the options, the log, the ports and data root, and the stop list. */
export interface StackCtx {
  opts: LocalStackOptions;
  log: (line: string) => void;
  tableName: string;
  ports: { dynamo: number; cognito: number; api: number; web: number };
  dataRoot: string;
  /** Stopped in reverse order by `stop`. */
  cleanups: (() => Promise<void>)[];
  /** A service's port: the option, else its default; 0 (or in memory, for the fakes) a free one. */
  pick(p: number | undefined, fallback: number): Promise<number>;
  /** A fake's port: in memory, any free one unless the option names one. */
  fakePort(p: number | undefined, fallback: number): Promise<number>;
}
