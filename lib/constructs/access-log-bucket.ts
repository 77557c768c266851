import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';

/** What every Mixdesk bucket is: no public access, encrypted at rest, TLS only (cdk-nag AwsSolutions-S1/S2/S10). */
export const PRIVATE_BUCKET = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
} as const satisfies BucketProps;

/**
 * A bucket of access logs (S3 server access logs, CloudFront standard logs), kept for the stage's
 * `logs.accessLogDays`. Both kinds are delivered with an ACL, so it keeps ACLs (object writer) where
 * every other bucket has them off.
 */
export class AccessLogBucket extends Bucket {
  constructor(scope: Construct, id: string, props: { config: StageConfig; autoDeleteObjects?: boolean }) {
    super(scope, id, {
      ...PRIVATE_BUCKET,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(props.config.logs.accessLogDays) }],
      removalPolicy: props.config.stateful.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
  }
}
