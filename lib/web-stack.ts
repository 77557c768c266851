import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { objectVersionRules } from './constructs/object-versions';
import { AccessLogBucket, PRIVATE_BUCKET } from './constructs/access-log-bucket';
import { BucketDeployment, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { StageConfig } from './config/stages';
import { REPO_ROOT } from './paths';
import { creativesOrigin } from './constructs/creatives-bucket';
import { creativesCdnOrigin } from './constructs/creatives-cdn';
import { acknowledgeWebFindings } from './nag';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  /** Base URL of the stage's API (config.json). */
  readonly apiUrl: string;
  /** The API host without a path (Content-Security-Policy connect-src). */
  readonly apiEndpoint: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

/** Where `npm run build` in web/ puts the console. */
export const CONSOLE_DIST = path.join(REPO_ROOT, 'web', 'dist');

/**
 * The console: a private bucket behind CloudFront (origin access control), served as a single-page
 * app, plus a per-stage `config.json` so one console build serves dev, staging and prod.
 */
export class WebStack extends Stack {
  public readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const disposable = config.stateful.removalPolicy === RemovalPolicy.DESTROY;

    const accessLogs = new AccessLogBucket(this, 'AccessLogs', { config, autoDeleteObjects: disposable });

    const bucket = new Bucket(this, 'ConsoleBucket', {
      ...PRIVATE_BUCKET,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 's3/',
      // The previous console's files stay as earlier versions for the stage's days (a rollback without a rebuild).
      versioned: true,
      lifecycleRules: objectVersionRules(config),
      removalPolicy: config.stateful.removalPolicy,
      autoDeleteObjects: disposable,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Mixdesk console security headers (${config.name})`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(this.region, props.apiEndpoint, {
            bucket: creativesOrigin(config),
            cdn: creativesCdnOrigin(this, config),
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const domain = config.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Mixdesk console (${config.name})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      // Client-side routes (/accounts/42/...) are not objects: S3 answers 403 through OAC, so both
      // 403 and 404 return the app shell and the router takes over.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      domainNames: domain ? [domain.domainName] : undefined,
      certificate: domain ? Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn) : undefined,
      // Only a custom certificate can raise the viewer TLS policy; the default one is fixed by CloudFront.
      minimumProtocolVersion: domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America, Europe and Israel: where the agencies and their clients are.
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
    });

    const site = consoleSources(CONSOLE_DIST, {
      apiUrl: props.apiUrl,
      region: this.region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      authFlow: 'SRP',
      ...(config.accessibilityContact && { accessibilityContact: config.accessibilityContact }),
    });
    const deployment = new BucketDeployment(this, 'Deploy', {
      sources: site.sources,
      prune: site.prune,
      destinationBucket: bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    acknowledgeWebFindings({ stack: this, config, bucket, distribution: this.distribution, deployment });

    new CfnOutput(this, 'ConsoleUrl', {
      value: `https://${domain?.domainName ?? this.distribution.distributionDomainName}`,
    });
  }
}

/** What the console reads at start-up (web/src reads /config.json): the only per-stage part. */
export interface ConsoleRuntimeConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  authFlow: 'SRP';
  /** The accessibility statement's coordinator (StageConfig.accessibilityContact). */
  accessibilityContact?: StageConfig['accessibilityContact'];
}

/**
 * The console build (when `dist` holds one) and this stage's config.json, in one deployment so
 * pruning never deletes the other's files. Without a build (a fresh checkout, or CI synthesizing
 * before building the console) only config.json is deployed and nothing is pruned: the live console
 * stays as it is rather than being emptied (`npm run deploy` builds first and refuses without a build).
 */
export function consoleSources(
  dist: string,
  runtimeConfig: ConsoleRuntimeConfig,
): { sources: ISource[]; prune: boolean } {
  const sources = [Source.jsonData('config.json', runtimeConfig)];
  const built = fs.existsSync(path.join(dist, 'index.html'));
  if (built) sources.unshift(Source.asset(dist));
  return { sources, prune: built };
}

/**
 * A policy for a React SPA: scripts only from the site; inline styles because MUI/emotion inject
 * them at run time; network calls only to the site, the stage's API and the stage region's Cognito
 * user pool endpoint (Amplify's sign-in, TOTP and password calls all go there).
 */
function contentSecurityPolicy(
  region: string,
  apiEndpoint: string,
  creatives: { bucket: string; cdn: string },
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Creatives: thumbnails and previews through signed URLs of the stage's creatives distribution.
    `img-src 'self' data: blob: ${creatives.cdn}`,
    `media-src 'self' blob: ${creatives.cdn}`,
    "font-src 'self' data:",
    // Exactly the services the console talks to (the API, Cognito, and the creatives bucket it uploads
    // files to through pre-signed POSTs): no wildcard over every AWS endpoint.
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com ${apiEndpoint} ${creatives.bucket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
