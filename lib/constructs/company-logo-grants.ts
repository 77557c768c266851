import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LOGO_PREFIX } from '../../lambdas/modules/configurations/logo-files.s3';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant } from '../nag';
import type { ServiceStack } from '../service-stack';
import { creativesBucketName } from './creatives-bucket';
import type { MixdeskFunction } from './mixdesk-function';

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

/**
 * The routes that read the logo to put it into what they make (the Excel exports, the flowchart
 * PDFs): s3:GetObject on logos/ only. The scheduled reports' dispatcher and the plan notifications' stream function (their
 * mails) get the same through grantLogoRead.
 */
export const LOGO_READING_ROUTES: Record<string, string[]> = {
  MediaMixService: ['ExportMediaMix', 'ExportMediaMixFlowchart'],
  BillingService: ['ExportBillableStatement'],
  OrdersService: ['ExportOrderFlowchart'],
};

function grantOnLogos(fn: MixdeskFunction, actions: string[], config: StageConfig): void {
  const name = creativesBucketName(config);
  const resource = `arn:${Aws.PARTITION}:s3:::${name}/${LOGO_PREFIX}*`;
  fn.addEnvironment('CREATIVES_BUCKET', name);
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [resource] }));
  acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
}

/** A function that shows the logo (an export, a mail): reads it, nothing else. */
export const grantLogoRead = (fn: MixdeskFunction, config: StageConfig) => grantOnLogos(fn, ['s3:GetObject'], config);

export function grantCompanyLogo(stack: ServiceStack, config: StageConfig): void {
  for (const [method, actions] of Object.entries(COMPANY_LOGO_GRANTS)) {
    const fn = stack.functions.get(method);
    if (!fn) throw new Error(`ConfigurationsService has no ${method} function`);
    grantOnLogos(fn, actions, config);
  }
}

/** The export routes of LOGO_READING_ROUTES, in their services' stacks. */
export function grantLogoReadingRoutes(services: ReadonlyMap<string, ServiceStack>, config: StageConfig): void {
  for (const [service, methods] of Object.entries(LOGO_READING_ROUTES)) {
    for (const method of methods) {
      const fn = services.get(service)?.functions.get(method);
      if (!fn) throw new Error(`${service} has no ${method} function`);
      grantLogoRead(fn, config);
    }
  }
}
