import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BILL_KEPT_PREFIX, BILL_UPLOAD_PREFIX } from '../../lambdas/modules/vendor-bills/schemas';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant } from '../nag';
import type { ServiceStack } from '../service-stack';
import { creativesBucketName } from './creatives-bucket';

/**
 * Vendor bills' PDFs (docs/vendor-bills.md) live in the stage's creatives bucket: uploads under
 * `uploads/bills/` (expired after a day by the bucket's `uploads/` rule), checked files under
 * `bills/`. Each VendorBillsService function that touches them gets the bucket's name and exactly
 * the S3 actions its method calls, by prefix; the other bill routes touch no file.
 */
export const BILL_FILE_GRANTS: Record<string, { actions: string[]; prefix: string }[]> = {
  // Signs the browser's POST: S3 authorizes it as a PutObject by the signer.
  GetVendorBillUploadUrl: [{ actions: ['s3:PutObject'], prefix: BILL_UPLOAD_PREFIX }],
  // Reads the upload's first bytes, copies it to bills/ (a read and a put), deletes the upload (or a
  // refused one), and the kept copy again when the bill's write fails.
  SaveVendorBill: [
    { actions: ['s3:GetObject', 's3:DeleteObject'], prefix: BILL_UPLOAD_PREFIX },
    { actions: ['s3:PutObject', 's3:DeleteObject'], prefix: BILL_KEPT_PREFIX },
  ],
  // Signs the link that reads the kept PDF.
  GetVendorBill: [{ actions: ['s3:GetObject'], prefix: BILL_KEPT_PREFIX }],
};

export function grantBillFiles(stack: ServiceStack, config: StageConfig): void {
  const name = creativesBucketName(config);
  for (const [method, grants] of Object.entries(BILL_FILE_GRANTS)) {
    const fn = stack.functions.get(method);
    if (!fn) throw new Error(`VendorBillsService has no ${method} function`);
    fn.addEnvironment('CREATIVES_BUCKET', name);
    for (const g of grants) {
      const resource = `arn:${Aws.PARTITION}:s3:::${name}/${g.prefix}*`;
      fn.addToRolePolicy(new PolicyStatement({ actions: g.actions, resources: [resource] }));
      acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
    }
  }
}
