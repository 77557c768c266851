import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * Everything that differs between dev, staging and prod, in one typed object per stage. Constructs
 * read these values and never test the stage name, so "what does prod do differently" is answered
 * by reading this file alone.
 */
export type StageName = 'dev' | 'staging' | 'prod';

export interface StageConfig {
  readonly name: StageName;
  /** Where the stage deploys. Placeholders keep `cdk synth` working offline without credentials. */
  readonly env: { readonly account: string; readonly region: string };
  /** Table, user pool and console bucket. */
  readonly stateful: {
    /** RETAIN keeps data when a stack or resource is deleted; DESTROY lets a dev stage be torn down. */
    readonly removalPolicy: RemovalPolicy;
    /** DynamoDB deletion protection: the table cannot be deleted by any API call while on. */
    readonly deletionProtection: boolean;
    /** CloudFormation termination protection on the stateful stack. */
    readonly terminationProtection: boolean;
  };
  readonly logs: {
    /** Retention of every Lambda log group and of the API access log. */
    readonly retention: RetentionDays;
    /** What happens to log groups when their stack is deleted. */
    readonly removalPolicy: RemovalPolicy;
    /** How long S3 server and CloudFront access logs are kept, in days. */
    readonly accessLogDays: number;
  };
  readonly api: {
    /** Origins allowed by the API's CORS policy: where the console is served from. */
    readonly consoleOrigins: readonly string[];
    /** Default-stage throttling for all routes (requests per second, and burst). */
    readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  };
  readonly auth: {
    /** Whether anyone may create an account from the sign-in page (otherwise admins invite users). */
    readonly selfSignUp: boolean;
    /**
     * Cognito Plus tier with threat protection enforced (blocks risky and compromised-credential
     * sign-ins). Costs per monthly active user, so it is on where real customers sign in.
     */
    readonly threatProtection: boolean;
    /**
     * Whether the app client also allows USER_PASSWORD_AUTH (the password sent to Cognito in the
     * request rather than proven by SRP). Only scripted tests against a deployed dev stage need it
     * (cognito-local has no SRP, but the local stack does not deploy this client); everywhere else the
     * console signs in with SRP alone.
     */
    readonly userPasswordAuth: boolean;
  };
  /**
   * The request metrics' detail (lambdas/kit/metrics.ts): `services` publishes Count, Latency, 4xx
   * and 5xx per service; `routes` adds them per route; `errors` keeps Count and 5xx per service
   * (the 5xx-rate alarms). Each metric with data is a CloudWatch custom metric billed by the month:
   * per route ~680 a stage, per service 104, errors only 52 (docs/cost.md).
   */
  readonly requestMetrics: 'errors' | 'services' | 'routes';
  readonly alarms: {
    /** Who is e-mailed when an alarm of the stage fires (the SNS topic's subscriptions). */
    readonly emails: readonly string[];
    /** A service stack alarms when this share of its requests answer 5xx over 5 minutes (0.05 = 5 %). */
    readonly serverErrorRate: number;
    /**
     * A service stack alarms when its requests' p99 latency (the kit's Latency metric) is above this
     * many milliseconds over 15 minutes. null: no latency alarms (one alarm per service, $0.10 each a month).
     */
    readonly latencyP99Ms: number | null;
    /** Lambda throttles (all functions of the account but the sync workers) in 5 minutes that raise an alarm. */
    readonly lambdaThrottles: number;
  };
  /** Dashboard, object versions and table backups (docs/operations.md). */
  readonly operations: {
    /** One CloudWatch dashboard for the stage ($3 a month beyond the account's first three). */
    readonly dashboard: boolean;
    /** Days an overwritten or deleted object of the creatives and console buckets is kept as an earlier version. */
    readonly noncurrentVersionDays: number;
    readonly backup: {
      /** Days each daily AWS Backup recovery point of the table is kept. */
      readonly retentionDays: number;
      /**
       * ARN of a backup vault in a second region that each recovery point is copied to (kept as long);
       * null: no copy. The vault is made outside this app (it lives in another region).
       */
      readonly copyToVaultArn: string | null;
    };
  };
  /**
   * Plan approval notifications (docs/notifications.md): always in the console's bell; by e-mail
   * through Amazon SES when `email` is on. `identity` is the SES identity the stage sends from (a
   * verified domain or address; the function may send from it and nothing else), `sender` the
   * From address, `consoleUrl` the address the mails link to.
   */
  readonly notifications: {
    readonly email: { readonly enabled: boolean; readonly identity: string; readonly sender: string };
    readonly consoleUrl: string;
  };
  /**
   * AI analytics (docs/ai-analytics.md): the Amazon Bedrock model the analysis route
   * asks (an on-demand foundation model id of the stage's region; its function may invoke that model
   * only). null: no model — the deterministic analysis the rules write (dev, and offline).
   */
  readonly ai: { readonly bedrockModelId: string | null };
  /**
   * The accessibility coordinator the console's accessibility statement names (/pages/accessibility,
   * through config.json). Unset: the statement shows placeholders until the agency names one.
   */
  readonly accessibilityContact?: { readonly name?: string; readonly email?: string; readonly phone?: string };
  /**
   * Serve the console at a custom domain. The certificate must be an ACM certificate in us-east-1
   * (CloudFront's requirement); the DNS record pointing at the distribution is created outside
   * this app.
   */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
}

const account = (stage: StageName) =>
  process.env[`MIXDESK_${stage.toUpperCase()}_ACCOUNT`] ?? process.env.CDK_DEFAULT_ACCOUNT ?? '111111111111';
const region = (stage: StageName) =>
  process.env[`MIXDESK_${stage.toUpperCase()}_REGION`] ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-1';

/**
 * The analysis model of staging and prod: Claude 3 Haiku, on demand (fast enough for the route's 29 s
 * with one retry, cheap per analysis; the answer's figures are checked, so a larger model buys prose,
 * not correctness). Check it is offered on demand in the stage's region before deploying there.
 */
const HAIKU = 'anthropic.claude-3-haiku-20240307-v1:0';

/** The Vite dev server, so a developer can point a local console at the dev API. */
const LOCAL_CONSOLE = 'http://localhost:5173';

export const STAGES: Record<StageName, StageConfig> = {
  dev: {
    name: 'dev',
    env: { account: account('dev'), region: region('dev') },
    stateful: { removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false, terminationProtection: false },
    logs: { retention: RetentionDays.TWO_WEEKS, removalPolicy: RemovalPolicy.DESTROY, accessLogDays: 30 },
    api: {
      consoleOrigins: [LOCAL_CONSOLE, 'https://dev.mixdesk.example.com'],
      throttle: { rateLimit: 20, burstLimit: 40 },
    },
    auth: { selfSignUp: true, threatProtection: false, userPasswordAuth: true },
    // Count and 5xx per service only: what its 5xx-rate alarms read (no latency alarm, no dashboard here).
    requestMetrics: 'errors',
    // Dev: no latency alarms and no dashboard (cost); a week of backups and earlier versions.
    alarms: {
      emails: ['mixdesk-dev-alarms@example.com'],
      serverErrorRate: 0.1,
      latencyP99Ms: null,
      lambdaThrottles: 10,
    },
    operations: { dashboard: false, noncurrentVersionDays: 7, backup: { retentionDays: 7, copyToVaultArn: null } },
    // Dev mails nobody: its users are developers and test accounts (the bell still works).
    notifications: {
      email: {
        enabled: false,
        identity: 'dev.mixdesk.example.com',
        sender: 'Mixdesk dev <notifications@dev.mixdesk.example.com>',
      },
      consoleUrl: 'https://dev.mixdesk.example.com',
    },
    // Dev answers with the deterministic analysis: no model, no Bedrock cost (MIXDESK_BEDROCK=fake npm start tries the model path locally).
    ai: { bedrockModelId: null },
  },
  staging: {
    name: 'staging',
    env: { account: account('staging'), region: region('staging') },
    stateful: { removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false, terminationProtection: false },
    logs: { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY, accessLogDays: 30 },
    api: { consoleOrigins: ['https://staging.mixdesk.example.com'], throttle: { rateLimit: 50, burstLimit: 100 } },
    auth: { selfSignUp: false, threatProtection: true, userPasswordAuth: false },
    requestMetrics: 'services',
    alarms: {
      emails: ['mixdesk-staging-alarms@example.com'],
      serverErrorRate: 0.05,
      latencyP99Ms: null,
      lambdaThrottles: 5,
    },
    operations: { dashboard: true, noncurrentVersionDays: 14, backup: { retentionDays: 14, copyToVaultArn: null } },
    notifications: {
      email: {
        enabled: true,
        identity: 'staging.mixdesk.example.com',
        sender: 'Mixdesk staging <notifications@staging.mixdesk.example.com>',
      },
      consoleUrl: 'https://staging.mixdesk.example.com',
    },
    ai: { bedrockModelId: HAIKU },
  },
  prod: {
    name: 'prod',
    env: { account: account('prod'), region: region('prod') },
    stateful: { removalPolicy: RemovalPolicy.RETAIN, deletionProtection: true, terminationProtection: true },
    logs: { retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN, accessLogDays: 365 },
    // Sized for 200 agencies of 50 seats at 3× their average (docs/scale.md "Throttles and concurrency per stage").
    api: { consoleOrigins: ['https://app.mixdesk.example.com'], throttle: { rateLimit: 600, burstLimit: 1200 } },
    auth: { selfSignUp: false, threatProtection: true, userPasswordAuth: false },
    requestMetrics: 'services',
    alarms: { emails: ['mixdesk-oncall@example.com'], serverErrorRate: 0.01, latencyP99Ms: 3000, lambdaThrottles: 1 },
    // A second region's copy is off until the agency names a vault there (docs/operations.md "Backups and restore").
    operations: { dashboard: true, noncurrentVersionDays: 30, backup: { retentionDays: 35, copyToVaultArn: null } },
    notifications: {
      email: { enabled: true, identity: 'mixdesk.example.com', sender: 'Mixdesk <notifications@mixdesk.example.com>' },
      consoleUrl: 'https://app.mixdesk.example.com',
    },
    ai: { bedrockModelId: HAIKU },
  },
};

/** All stages, in deployment order. */
export const STAGE_CONFIGS: readonly StageConfig[] = [STAGES.dev, STAGES.staging, STAGES.prod];
