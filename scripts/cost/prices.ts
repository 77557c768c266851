/**
 * List prices the cost model uses (`npm run cost`), in USD, on-demand, no free tier. Read from the
 * AWS public pricing pages for US East (N. Virginia), the region those pages quote first; the
 * stages deploy to eu-west-1 (lib/config/stages.ts), where most of these are 0–13 % higher. Check
 * them against the pages (or the AWS Pricing Calculator) for the region before quoting a figure.
 */
export const PRICES = {
  asOf: '2026-12-03',
  region: 'us-east-1',
  lambda: {
    /** Per GB-second, Arm (Graviton), the architecture of every function. */
    armGbSecond: 0.0000133334,
    perMillionRequests: 0.2,
  },
  /** HTTP API, per million requests (first 300 million a month). */
  httpApiPerMillion: 1.0,
  dynamodb: {
    /** On-demand, Standard table class. */
    perMillionWrites: 0.625,
    perMillionReads: 0.125,
    storageGbMonth: 0.25,
    pitrGbMonth: 0.2,
    backupGbMonth: 0.1,
    /** Change stream reads by Lambda triggers are free. */
  },
  cloudwatch: {
    alarm: 0.1,
    dashboard: 3.0,
    /** Each metric (name + dimension set) that receives data in a month, first 10,000. */
    customMetric: 0.3,
    logsIngestGb: 0.5,
    logsStorageGbMonth: 0.03,
  },
  kmsKeyMonth: 1.0,
  secretMonth: 0.4,
  s3: { storageGbMonth: 0.023, perThousandPuts: 0.005, perThousandGets: 0.0004 },
  /** CloudFront to Europe and North America, per GB out. */
  cloudfrontGb: 0.085,
  sesPerThousandMails: 0.1,
  /** X-Ray traces recorded, per million. */
  xrayPerMillionTraces: 5.0,
  sqsPerMillion: 0.4,
  schedulerPerMillion: 1.0,
  /** Cognito Essentials: the first 10,000 monthly active users are free, then per user; Plus: every user. */
  cognito: { freeMau: 10_000, perMau: 0.015, plusPerMau: 0.02 },
} as const;
