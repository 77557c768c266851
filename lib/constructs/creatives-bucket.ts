import { Aws, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Bucket, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { AccessLogBucket, PRIVATE_BUCKET } from './access-log-bucket';
import { objectVersionRules } from './object-versions';
import { Construct } from 'constructs';
import { KEPT_PREFIX, UPLOAD_PREFIX } from '../../lambdas/modules/creatives/file-store.s3';
import { EXPORT_PREFIX } from '../../lambdas/modules/company-data/company-files.s3';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant } from '../nag';
import type { ServiceStack } from '../service-stack';

/**
 * The stage's creatives bucket (docs/creatives.md): image and video files of plan
 * lines, uploaded by the console straight from the browser through pre-signed POSTs. Private (all
 * public access blocked, objects owned by the bucket), encrypted (SSE-S3), TLS only, CORS for the
 * stage's console origins only, with server access logs. Lifecycle: multipart uploads left
 * incomplete are aborted after a day, and so are uploads never confirmed (the `uploads/` prefix
 * expires after a day; a confirmed file is copied to `creatives/`, which is kept); a company's
 * export archive (`exports/`) expires after a week: a download, not a record.
 *
 * Its name is fixed by stage, account and region, so the service stack and the web stack (the
 * console's CSP) name it without a cross-stack reference, as they do the table.
 */
export const creativesBucketName = (config: StageConfig) =>
  `mixdesk-${config.name}-creatives-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/** The origin the console posts files to and loads thumbnails from (virtual-hosted, as the Lambdas sign them). */
export const creativesOrigin = (config: StageConfig) =>
  `https://${creativesBucketName(config)}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

/** Days a company's export archive is kept (its download link lasts minutes; a new export is one click). */
const EXPORT_DAYS = 7;

/** Days an unconfirmed upload (and an incomplete multipart upload) is kept. */
const UPLOAD_DAYS = 1;

export class CreativesBucket extends Construct {
  public readonly bucket: Bucket;
  /** Its server access logs, and the creatives distribution's. */
  public readonly logs: AccessLogBucket;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    const { config } = props;
    const logs = new AccessLogBucket(this, 'AccessLogs', { config });
    this.logs = logs;
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: creativesBucketName(config),
      ...PRIVATE_BUCKET,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'creatives/',
      cors: [
        {
          allowedOrigins: consoleOrigins(config),
          // POST: the browser's upload; GET/HEAD: previews through S3 pre-signed URLs where no CDN signs them.
          allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Versioned: a deleted or replaced file is kept as an earlier version for the stage's days (object-versions.ts).
      versioned: true,
      lifecycleRules: [
        ...objectVersionRules(config),
        { id: 'expire-unconfirmed-uploads', prefix: UPLOAD_PREFIX, expiration: Duration.days(UPLOAD_DAYS) },
        { id: 'expire-company-exports', prefix: EXPORT_PREFIX, expiration: Duration.days(EXPORT_DAYS) },
      ],
      // Files of approved plans are records: kept when the stack goes, as the table is (stage config).
      removalPolicy: config.stateful.removalPolicy,
    });
  }
}

/** The console's origins (the API's CORS list, and the custom domain). */
function consoleOrigins(config: StageConfig): string[] {
  const origins = new Set(config.api.consoleOrigins);
  if (config.customDomain) origins.add(`https://${config.customDomain.domainName}`);
  return [...origins];
}

/** What each creative route may do in the bucket, by object prefix: nothing else, and DeleteCreative nothing at all (removal archives). */
export const CREATIVE_GRANTS: Record<string, { actions: string[]; prefix: string }[]> = {
  // Signs the browser's POST: S3 authorizes it as a PutObject by the signer.
  RequestCreativeUpload: [{ actions: ['s3:PutObject'], prefix: UPLOAD_PREFIX }],
  // Reads the upload's first bytes, copies it to creatives/, deletes the upload (or a refused one).
  ConfirmCreativeUpload: [
    { actions: ['s3:GetObject', 's3:DeleteObject'], prefix: UPLOAD_PREFIX },
    { actions: ['s3:PutObject', 's3:DeleteObject'], prefix: KEPT_PREFIX },
  ],
  // GetCreativesList signs its view URLs with the creatives distribution's key (creatives-cdn.ts), not S3's.
};

/**
 * Gives each function of the creatives service the bucket's name and its route's grants
 * (CREATIVE_GRANTS), on the bucket named by stage, account and region (no cross-stack reference).
 */
export function grantCreatives(stack: ServiceStack, config: StageConfig): void {
  const name = creativesBucketName(config);
  for (const [method, fn] of stack.functions) {
    const grants = CREATIVE_GRANTS[method] ?? [];
    if (!grants.length) continue;
    fn.addEnvironment('CREATIVES_BUCKET', name);
    for (const g of grants) {
      const resource = `arn:${Aws.PARTITION}:s3:::${name}/${g.prefix}*`;
      fn.addToRolePolicy(new PolicyStatement({ actions: g.actions, resources: [resource] }));
      acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
    }
  }
}
