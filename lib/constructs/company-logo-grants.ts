import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LOGO_PREFIX } from '../../lambdas/modules/configurations/logo-files.s3';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant } from '../nag';
import type { ServiceStack } from '../service-stack';
import { creativesBucketName } from './creatives-bucket';

/**
 * The company logo (lambdas/modules/configurations/logo.ts) is kept in the stage's creatives bucket
 * under `logos/`: each ConfigurationsService function that touches it gets the bucket's name and
 * exactly the S3 actions its method calls, on that prefix only.
 */
export const COMPANY_LOGO_GRANTS: Record<string, string[]> = {
  GetCompanyLogo: ['s3:GetObject'],
  // Puts the new logo, deletes the one it replaced (or the new one when the record's write fails).
  SaveCompanyLogo: ['s3:PutObject', 's3:DeleteObject'],
  DeleteCompanyLogo: ['s3:DeleteObject'],
};

export function grantCompanyLogo(stack: ServiceStack, config: StageConfig): void {
  const name = creativesBucketName(config);
  const resource = `arn:${Aws.PARTITION}:s3:::${name}/${LOGO_PREFIX}*`;
  for (const [method, actions] of Object.entries(COMPANY_LOGO_GRANTS)) {
    const fn = stack.functions.get(method);
    if (!fn) throw new Error(`ConfigurationsService has no ${method} function`);
    fn.addEnvironment('CREATIVES_BUCKET', name);
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [resource] }));
    acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
  }
}
