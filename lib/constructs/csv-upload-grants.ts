import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CSV_UPLOAD_PREFIX } from '../../lambdas/modules/connectors/csv-upload-store.s3';
import { CSV_IMPORT_CALL_SECONDS } from '../../lambdas/shared/connectors';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant } from '../nag';
import type { ServiceStack } from '../service-stack';
import { creativesBucketName } from './creatives-bucket';
import { csvImportQueueArn, csvImportQueueUrl } from './csv-import-job';

/**
 * The CSV upload of the daily grain (lambdas/modules/connectors/csv-imports.ts): files go from the
 * browser to the stage's creatives bucket under `uploads/csv/` (private, CORS for the console's
 * origins, expired after a day by the bucket's `uploads/` rule), through a pre-signed POST. Each
 * ConnectorsService function gets exactly the S3 actions its method calls on that prefix only.
 */
export const CSV_UPLOAD_GRANTS: Record<string, string[]> = {
  // Signs the browser's POST: S3 authorizes it as a PutObject by the signer.
  GetCsvUploadUrl: ['s3:PutObject'],
  // Pins the upload (CopyObject: a read of the upload, a put of the pinned copy), streams the pinned
  // copy (twice: check, then write) and deletes both once imported or refused.
  ImportCampaignStatsCsv: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

/**
 * The import checks the whole file and writes up to CSV_INLINE_MAX_ROWS rows in one call, inside the
 * HTTP API's 29 s: its function gets 29 s and more memory (a Lambda's CPU grows with it) instead of a
 * route's 10 s. A larger file goes to the CSV import job's queue (csv-import-job.ts): the function
 * gets its URL and sqs:SendMessage on that queue only (named, not referenced: no cross-stack export).
 */
export const CSV_IMPORT_TIMEOUT_SECONDS = CSV_IMPORT_CALL_SECONDS;
export const CSV_IMPORT_MEMORY_MB = 1024;

export function grantCsvUploads(stack: ServiceStack, config: StageConfig): void {
  const name = creativesBucketName(config);
  const resource = `arn:${Aws.PARTITION}:s3:::${name}/${CSV_UPLOAD_PREFIX}*`;
  for (const [method, actions] of Object.entries(CSV_UPLOAD_GRANTS)) {
    const fn = stack.functions.get(method);
    if (!fn) throw new Error(`ConnectorsService has no ${method} function`);
    fn.addEnvironment('CREATIVES_BUCKET', name);
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [resource] }));
    acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
  }
  const route = stack.functions.get('ImportCampaignStatsCsv')!;
  route.addEnvironment('CSV_IMPORT_QUEUE_URL', csvImportQueueUrl(config));
  route.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [csvImportQueueArn(config)] }));
  const importer = route.node.defaultChild as CfnFunction;
  importer.timeout = CSV_IMPORT_TIMEOUT_SECONDS;
  importer.memorySize = CSV_IMPORT_MEMORY_MB;
}
