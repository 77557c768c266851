import { Aws, CfnParameter, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  KeyGroup,
  type OriginBindConfig,
  type OriginBindOptions,
  PriceClass,
  PublicKey,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { KEPT_PREFIX } from '../../lambdas/modules/creatives/file-store.s3';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativesCdnFindings } from '../nag';
import type { ServiceStack } from '../service-stack';

/**
 * How the console gets creatives in the cloud (docs/creatives.md "Delivery"): a CloudFront
 * distribution in front of the creatives bucket, because only CloudFront can add
 * `X-Content-Type-Options: nosniff` to an S3 object's reply. It reads the bucket through an origin
 * access control, from the kept prefix only (origin path, and a bucket policy on `creatives/*` for
 * this distribution alone: an unchecked upload is never served). Viewers need a URL signed with the
 * stage's key (a trusted key group); the key pair is made by the operator: the public half is the
 * stateful stack's `CreativesCdnPublicKey` parameter, the private half a Secrets Manager secret the
 * signing route reads (creativesCdnKeySecret). The domain and key id reach the service and web stacks
 * as SSM parameters, not exports, so a new key (a replaced PublicKey) never blocks a deploy.
 */

/** Every reply: nothing sniffed, nothing run even if a browser renders it. Content-Disposition stays as stored. */
export const CREATIVES_CDN_CSP = "default-src 'none'; sandbox";

/** The routes that hand out view URLs of creatives, so sign them. */
export const CDN_SIGNING_ROUTES: readonly string[] = ['GetCreativesList'];

const parameterNames = (config: StageConfig) => ({
  domain: `/mixdesk/${config.name}/creatives-cdn/domain`,
  keyPairId: `/mixdesk/${config.name}/creatives-cdn/key-pair-id`,
});

/** The secret holding the private key (PEM), created by the operator before the first deploy. */
export const creativesCdnKeySecret = (config: StageConfig) => `mixdesk/${config.name}/creatives-cdn/private-key`;

/** A public key in PEM (what `openssl rsa -pubout` writes); a private key pasted by mistake is refused. */
const PUBLIC_KEY_PEM = '\\s*-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\\s]+-----END PUBLIC KEY-----\\s*';

/** The bucket through an origin access control, from the kept prefix; its bucket policy is written by CreativesCdn. */
class KeptCreativesOrigin extends S3BucketOrigin {
  constructor(
    bucket: IBucket,
    private readonly oac: S3OriginAccessControl,
  ) {
    super(bucket, { originPath: `/${KEPT_PREFIX.replace(/\/$/, '')}` });
  }

  public override bind(scope: Construct, options: OriginBindOptions): OriginBindConfig {
    const config = this._bind(scope, options);
    return {
      ...config,
      originProperty: { ...config.originProperty!, originAccessControlId: this.oac.originAccessControlId },
    };
  }
}

export class CreativesCdn extends Construct {
  public readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: { config: StageConfig; bucket: IBucket; logs: IBucket }) {
    super(scope, id);
    const { config, bucket } = props;
    // At stack level, so its name is plain for `cdk deploy --parameters` (docs/creatives.md).
    const publicKeyPem = new CfnParameter(Stack.of(this), 'CreativesCdnPublicKey', {
      type: 'String',
      description:
        "The creatives CDN's public key (PEM); its private half is the secret " + creativesCdnKeySecret(config),
      allowedPattern: PUBLIC_KEY_PEM,
      constraintDescription: 'a public key in PEM (-----BEGIN PUBLIC KEY-----), never the private key',
    });
    const publicKey = new PublicKey(this, 'PublicKey', {
      encodedKey: publicKeyPem.valueAsString,
      comment: `Signs the creatives' view URLs (${config.name})`,
    });
    const keyGroup = new KeyGroup(this, 'KeyGroup', {
      items: [publicKey],
      comment: `Mixdesk creatives viewers (${config.name})`,
    });
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: `Mixdesk creatives: nosniff, nothing runs (${config.name})`,
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        contentSecurityPolicy: { contentSecurityPolicy: CREATIVES_CDN_CSP, override: true },
      },
    });
    const oac = new S3OriginAccessControl(this, 'OriginAccess', {
      description: `Mixdesk creatives bucket (${config.name})`,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Mixdesk creatives (${config.name})`,
      defaultBehavior: {
        origin: new KeptCreativesOrigin(bucket, oac),
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        // Signed URLs' own parameters are never part of the cache key; a kept file never changes.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        trustedKeyGroups: [keyGroup],
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cloudfront/',
    });
    bucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects(`${KEPT_PREFIX}*`)],
        conditions: {
          StringEquals: {
            'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${this.distribution.distributionId}`,
          },
        },
      }),
    );
    const names = parameterNames(config);
    new StringParameter(this, 'DomainParameter', {
      parameterName: names.domain,
      stringValue: this.distribution.distributionDomainName,
    });
    new StringParameter(this, 'KeyPairIdParameter', {
      parameterName: names.keyPairId,
      stringValue: publicKey.publicKeyId,
    });
    acknowledgeCreativesCdnFindings(this.distribution);
  }
}

/** The distribution's origin, for the console's CSP (read from the stateful stack's SSM parameter at deploy). */
export const creativesCdnOrigin = (scope: Construct, config: StageConfig) =>
  `https://${StringParameter.valueForStringParameter(scope, parameterNames(config).domain)}`;

/**
 * Gives each signing route (CDN_SIGNING_ROUTES) the distribution's domain, its key id and the
 * private key's secret name, and GetSecretValue on that one secret (Secrets Manager suffixes a
 * secret's ARN with 6 characters).
 */
export function grantCreativesCdn(stack: ServiceStack, config: StageConfig): void {
  const names = parameterNames(config);
  const secret = creativesCdnKeySecret(config);
  for (const method of CDN_SIGNING_ROUTES) {
    const fn = stack.functions.get(method)!;
    fn.addEnvironment('CREATIVES_CDN_DOMAIN', StringParameter.valueForStringParameter(stack, names.domain));
    fn.addEnvironment('CREATIVES_CDN_KEY_PAIR_ID', StringParameter.valueForStringParameter(stack, names.keyPairId));
    fn.addEnvironment('CREATIVES_CDN_KEY_SECRET', secret);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [`arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${secret}-??????`],
      }),
    );
  }
}
