import { DefaultStackSynthesizer, Stack, Validations } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { UserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Role } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';
// cdk-nag's own formatter of finding ids ("Resource::arn:<AWS::Partition>:…"), so the ids below match
// exactly what the AwsSolutions-IAM5 rule reports. The cdk-nag tests fail if its format changes.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';
import type { StageConfig } from './config/stages';

/**
 * Every cdk-nag acknowledgment of the app lives in this file, each with the reason it is true, so a
 * reviewer reads them in one place. cdk-nag 3 acknowledges one finding per call: a wildcard finding
 * is `AwsSolutions-IAM5[Resource::…]` / `[Action::…]`, never the whole rule.
 */

/** The AwsSolutions-IAM5 finding id of a policy resource (a string that may hold tokens). */
export function wildcardResourceId(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}

/** The AwsSolutions-IAM5 finding id of a wildcard action. */
export function wildcardActionId(action: string): string {
  return `AwsSolutions-IAM5[Action::${action}]`;
}

/** `grantReadData` / `grantReadWriteData` cover the table's indexes as `<table>/index/*`. */
export function acknowledgeTableGrant(role: IConstruct, table: ITable): void {
  Validations.of(role).acknowledge({
    id: wildcardResourceId(role, `${table.tableArn}/index/*`),
    reason:
      "The function may query the Mixdesk table's own global secondary indexes (TABLE_DESIGN); the " +
      'wildcard is limited to index ARNs of this one table and to the read (or read-write) data actions of its route.',
  });
}

/** Active tracing (lib/constructs/mixdesk-function.ts): CDK grants the X-Ray writes on "*". */
export function acknowledgeXRayGrant(role: Role): void {
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'xray:PutTraceSegments and xray:PutTelemetryRecords only (the grant of active tracing): X-Ray has no ' +
      'resource-level permissions for them, and they write trace data, never read anything.',
  });
}

/** A table-stream consumer (lib/constructs/table-stream-consumer.ts): its role and its failure queue. */
export function acknowledgeStreamConsumerFindings(role: Role, failureQueue: IConstruct): void {
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'dynamodb:ListStreams only (aws-cdk-lib grants it on "*" with the stream read of a DynamoDB event source): the ' +
      'action has no resource-level permissions and returns stream ARNs, never data. Reading records is granted on ' +
      "this table's stream ARN alone.",
  });
  Validations.of(failureQueue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      "The queue is itself a dead-letter destination: the on-failure destination of the table stream's event source " +
      'mapping (where failed batches are reported, shard and sequence numbers only), watched by an alarm. Nothing ' +
      'consumes it, so it has no redrive of its own.',
  });
}

/** A creative route's grant on one prefix of the creatives bucket (lib/constructs/creatives-bucket.ts). */
export function acknowledgeCreativeGrant(role: IConstruct, stack: Stack, resource: string): void {
  Validations.of(role).acknowledge({
    id: wildcardResourceId(stack, resource),
    reason:
      'A creative route reads or writes the objects it makes, whose keys carry ids (company, plan version, line, ' +
      'creative): the wildcard is limited to one prefix of the creatives bucket (uploads/ or creatives/) and to the ' +
      "route's own actions (CREATIVE_GRANTS).",
  });
}

/** A connector route's grant on the stage's connector secrets (lib/constructs/connector-secret-grants.ts). */
export function acknowledgeConnectorSecretGrant(role: IConstruct, stack: Stack, resource: string): void {
  Validations.of(role).acknowledge({
    id: wildcardResourceId(stack, resource),
    reason:
      'One secret per agent connector, named by company and connector id, made at run time: the wildcard is limited ' +
      "to the stage's connector secrets (mixdesk/<stage>/connectors/) and to the route's own actions (CONNECTOR_SECRET_GRANTS).",
  });
}

/** The creatives' distribution (lib/constructs/creatives-cdn.ts). */
export function acknowledgeCreativesCdnFindings(distribution: Distribution): void {
  const d = Validations.of(distribution);
  d.acknowledge({
    id: 'AwsSolutions-CFR1',
    reason:
      'Agencies and their clients look at creatives from any country; every request needs a URL signed for one file ' +
      'for five minutes by the API, which checked the caller (trusted key group).',
  });
  d.acknowledge({
    id: 'AwsSolutions-CFR2',
    reason:
      'The distribution serves only GET/HEAD of kept files to viewers holding a signed URL; there is nothing to post and no ' +
      'query reaches the origin. A CloudFront web ACL would have to live in a us-east-1 stack, which this app does not have yet.',
  });
  d.acknowledge({
    id: 'AwsSolutions-CFR4',
    reason:
      'The distribution uses the default *.cloudfront.net certificate (the signed URLs name that domain), whose viewer ' +
      'security policy CloudFront fixes and does not let us raise.',
  });
}

/** MFA is optional by product decision; threat protection (Plus tier) is per stage. */
export function acknowledgeUserPoolFindings(pool: UserPool, config: StageConfig): void {
  Validations.of(pool).acknowledge({
    id: 'AwsSolutions-COG2',
    reason:
      'MFA is OPTIONAL by product decision: every user can turn TOTP on, and a company that needs it ' +
      'makes it compulsory with its RequireMfa setting, which the API enforces (docs/domain.md).',
  });
  if (!config.auth.threatProtection) {
    Validations.of(pool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'This stage has only developers and test users; the Plus tier (threat protection) is paid per ' +
        'active user and is switched on in the stages real customers sign in to (stage config auth.threatProtection).',
    });
  }
}

export interface WebFindingsProps {
  readonly stack: Stack;
  readonly config: StageConfig;
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly deployment: BucketDeployment;
}

/** The web stack's findings: the distribution's, and those of aws-cdk-lib's BucketDeployment handler. */
export function acknowledgeWebFindings(p: WebFindingsProps): void {
  const distribution = Validations.of(p.distribution);
  distribution.acknowledge({
    id: 'AwsSolutions-CFR1',
    reason:
      'Agencies and their clients use the console from any country; who gets in is decided by Cognito ' +
      'sign-in, and the distribution serves only the static console bundle and config.json.',
  });
  distribution.acknowledge({
    id: 'AwsSolutions-CFR2',
    reason:
      'The distribution serves only static files (the console bundle and config.json, which holds public ' +
      'ids); no business data passes through it. The API, which does hold data, requires a Cognito JWT on ' +
      'every route and is throttled per stage. A CloudFront web ACL would have to live in a us-east-1 stack, ' +
      'which this app does not have yet.',
  });
  if (!p.config.customDomain) {
    distribution.acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose ' +
        'viewer security policy CloudFront fixes and does not let us raise; a stage with customDomain uses ' +
        'TLSv1.2_2021 (minimumProtocolVersion).',
    });
  }

  // aws-cdk-lib's BucketDeployment runs its own Lambda (a singleton per stack); we do not write its code
  // or its policy. Acknowledged on that function, so nothing else in the stack is covered.
  const handler = p.deployment.handlerRole.node.scope!;
  const ack = (id: string, reason: string) => Validations.of(handler).acknowledge({ id, reason });
  ack(
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "aws-cdk-lib's BucketDeployment handler role uses the AWS managed basic execution policy (write its own logs).",
  );
  ack(
    'AwsSolutions-L1',
    "The BucketDeployment handler's runtime is chosen by aws-cdk-lib and moves with it on upgrade.",
  );
  const s3Reason =
    'BucketDeployment copies the console from the CDK asset bucket into the console bucket and prunes old ' +
    "files: aws-cdk-lib grants the s3 read/write action groups on those two buckets' objects, nothing wider.";
  for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
    ack(wildcardActionId(action), s3Reason);
  }
  ack(wildcardResourceId(handler, `${p.bucket.bucketArn}/*`), s3Reason);
  // The stack's partition: a literal where the region is known (the partition-literals feature flag), as aws-cdk-lib writes it.
  ack(wildcardResourceId(handler, `arn:${p.stack.partition}:s3:::${assetBucketName(p.stack)}/*`), s3Reason);
  ack(
    'AwsSolutions-IAM5[Resource::*]',
    'cloudfront:CreateInvalidation and cloudfront:GetInvalidation only (aws-cdk-lib grants them on "*"), so ' +
      'a deployment can invalidate the console distribution; they cannot read or change anything else.',
  );
}

/** The bootstrap asset bucket the deployment reads from (the default synthesizer's naming). */
function assetBucketName(stack: Stack): string {
  const synth = stack.synthesizer;
  const qualifier = synth instanceof DefaultStackSynthesizer ? synth.bootstrapQualifier : undefined;
  return DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace(
    '${Qualifier}',
    qualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER,
  )
    .replace('${AWS::AccountId}', stack.account)
    .replace('${AWS::Region}', stack.region);
}

/**
 * EventBridge Scheduler's target role (aws-scheduler-targets LambdaInvoke) may invoke the job's
 * function and its versions (`<function>:*`), as the target construct grants.
 */
export function acknowledgeScheduleInvoke(scope: IConstruct, functionArn: string): void {
  Validations.of(scope).acknowledge({
    id: wildcardResourceId(scope, `${functionArn}:*`),
    reason:
      'The schedule invokes only this one function (any of its versions); the wildcard is the version qualifier of that ARN.',
  });
}

/** The unsubscribe links' HMAC key (lib/constructs/report-schedules-job.ts). */
export function acknowledgeUnsubscribeKey(secret: IConstruct): void {
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The key signs unsubscribe links that must keep working in mails already sent; rotating it would break every link in ' +
      'every inbox. It grants nothing but removing one address from one scheduled report.',
  });
}

/** The scheduled reports' `GET /unsubscribe` (lib/constructs/report-schedules-job.ts): the API's one route without the authorizer. */
export function acknowledgeUnsubscribeRoute(route: IConstruct): void {
  Validations.of(route).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'The unsubscribe link in a mail is opened without a session; the HMAC-SHA256-signed token in its query is the authority ' +
      '(it names one company, one scheduled report and one address, and only removes that address) and nothing can be read through it.',
  });
}

/** The sent order's public page `GET|POST /order-acceptance` (lib/constructs/order-sending.ts). */
export function acknowledgeOrderPageRoute(route: IConstruct): void {
  Validations.of(route).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      "A vendor's contact opens the order's link from a mail without an account; the HMAC-SHA256-signed, expiring token in " +
      'its query is the authority (it names one company, one order, one send and one address), shows only that order ' +
      'and records at most one decision on it.',
  });
}

/** The stage's key of signed links opened without a sign-in (lib/constructs/contact-confirmation.ts). */
export function acknowledgeLinkKey(secret: IConstruct): void {
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The key signs links that must keep working in mails already sent until they expire; rotating it would break every ' +
      'pending link. Each token is signed for one purpose and expires (a vendor contact confirmation: one address, 14 days).',
  });
}

/** `GET|POST /confirm-contact` (lib/constructs/contact-confirmation.ts): public, the signed token is the authority. */
export function acknowledgeSignedLinkRoute(route: IConstruct): void {
  Validations.of(route).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'A link in a mail is opened without a session; the HMAC-SHA256-signed, expiring token in its query is the authority ' +
      '(it names one company, one vendor and one contact address, and can only mark that address confirmed); nothing else can be read through it.',
  });
}

/** The pacing digest's `GET /digest-unsubscribe` (lib/constructs/pacing-digest-job.ts): public, the signed link is the authority. */
export function acknowledgeDigestUnsubscribeRoute(route: IConstruct): void {
  Validations.of(route).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'The unsubscribe link in a pacing digest mail is opened without a session; the HMAC-SHA256-signed, expiring token in ' +
      "its query is the authority (it names one company and one user, and can only turn that user's digest off); nothing can be read through it.",
  });
}

/** AWS Backup's role of the table's backup selection (lib/constructs/table-backup.ts). */
export function acknowledgeBackupRole(role: IConstruct): void {
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
    reason:
      "AWS Backup's own managed policy for taking backups, which AWS keeps in step with the services it backs up; the role " +
      'is assumed by backup.amazonaws.com only, and the selection names one resource, the stage table (by ARN).',
  });
}

/** A scheduled job's dead-letter queue (lib/constructs/operations-alarms.ts scheduledTarget). */
export function acknowledgeScheduleDeadLetters(queue: IConstruct): void {
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      "The queue is itself a dead-letter destination: EventBridge Scheduler's for the hourly invocations it could not " +
      'deliver, watched by an alarm. Nothing consumes it, so it has no redrive of its own.',
  });
}
