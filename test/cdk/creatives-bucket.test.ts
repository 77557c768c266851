import type { CfnElement } from 'aws-cdk-lib';
import { CREATIVE_GRANTS } from '../../lib/constructs/creatives-bucket';
import { LOGO_READING_ROUTES } from '../../lib/constructs/company-logo-grants';
import { OFFLINE_GRANTS } from '../../lib/constructs/order-sending';
import { CREATIVES_SERVICE_ROUTES } from '../../lambdas/modules/creatives/routes';
import { buildApp, ofType, resourcesOf, templateOf } from './synth-app';

/**
 * The creatives bucket of each stage: private, encrypted, TLS only, CORS for the
 * console's origins alone, logged, unconfirmed and incomplete uploads expired; each creative route
 * holds only its own S3 actions on its own prefix, and the console's CSP lets it upload to the bucket.
 */
const { stages } = buildApp();

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage) => {
  const { config } = stage;
  const buckets = () => Object.values(ofType(stage.stateful, 'AWS::S3::Bucket'));
  const creatives = () =>
    buckets().find((b) =>
      JSON.stringify(b.Properties?.BucketName ?? '').includes(`mixdesk-${config.name}-creatives-`),
    )!;

  it('is private, SSE-encrypted, logged and kept as the stage keeps its data', () => {
    const b = creatives();
    expect(b).toBeDefined();
    expect(b.Properties!.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      b.Properties!.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toBe('AES256');
    expect(b.Properties!.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }]);
    expect(b.Properties!.LoggingConfiguration.DestinationBucketName).toBeDefined();
    expect(b.DeletionPolicy).toBe(config.name === 'prod' ? 'Retain' : 'Delete');
  });

  it('refuses plain HTTP on every bucket of the stateful stack', () => {
    const denyInsecure = Object.values(ofType(stage.stateful, 'AWS::S3::BucketPolicy')).filter((p) =>
      p.Properties!.PolicyDocument.Statement.some(
        (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      ),
    );
    expect(denyInsecure).toHaveLength(buckets().length);
  });

  it("allows CORS from the stage's console origins only: POST uploads and GET/HEAD previews", () => {
    expect(creatives().Properties!.CorsConfiguration.CorsRules).toEqual([
      {
        AllowedOrigins: [...config.api.consoleOrigins],
        AllowedMethods: ['POST', 'GET', 'HEAD'],
        AllowedHeaders: ['*'],
        ExposedHeaders: ['ETag'],
        MaxAge: 3000,
      },
    ]);
  });

  it("aborts incomplete multipart uploads, expires unconfirmed uploads after a day and companies' export archives after a week", () => {
    const rules = creatives().Properties!.LifecycleConfiguration.Rules;
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: 7, Status: 'Enabled' }),
      ]),
    );
  });

  it("gives each creative route exactly its own S3 actions on its own prefix, and the bucket's name", () => {
    const stack = stage.services.get('CreativesService')!;
    const resources = resourcesOf(stack);
    for (const route of CREATIVES_SERVICE_ROUTES) {
      const fn = stack.functions.get(route.method)!;
      const f = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
      const roleId = f.Properties!.Role['Fn::GetAtt'][0];
      const s3 = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement)
        .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')))
        .map((s: any) => ({
          actions: [s.Action].flat().sort(),
          prefix: /\/(uploads\/|creatives\/)\*/.exec(JSON.stringify(s.Resource))?.[1],
        }));
      const wanted = (CREATIVE_GRANTS[route.method] ?? []).map((g) => ({
        actions: [...g.actions].sort(),
        prefix: g.prefix,
      }));
      expect({ method: route.method, s3 }).toEqual({ method: route.method, s3: wanted });
      expect(Boolean(f.Properties!.Environment.Variables.CREATIVES_BUCKET)).toBe(wanted.length > 0);
    }
    // No other service may touch S3 (but ConnectorsService's CSV upload, on uploads/csv/ only:
    // test/connectors/csv-upload-grants.test.ts; ConfigurationsService's logo, on logos/ only, and the
    // exports that read it: test/cdk/company-logo-grants.test.ts; the vendor bills' PDFs:
    // test/cdk/bill-file-grants.test.ts; SendOrder's sent documents, GetOrderDocument's read of them and
    // the signed copies' upload and record: test/cdk/order-sending.test.ts; GetCompanyExport's read of
    // exports/: test/cdk/company-data-job.test.ts).
    const ownTests: Record<string, readonly string[]> = {
      OrdersService: ['SendOrder', 'GetOrderDocument', ...Object.keys(OFFLINE_GRANTS)],
      CompaniesService: ['GetCompanyExport'],
    };
    for (const [service, other] of stage.services) {
      if (['CreativesService', 'ConnectorsService', 'ConfigurationsService', 'VendorBillsService'].includes(service))
        continue;
      const readers = new Set(
        [...(LOGO_READING_ROUTES[service] ?? []), ...(ownTests[service] ?? [])].map((m) =>
          other.getLogicalId(other.functions.get(m)!.executionRole.node.defaultChild as CfnElement),
        ),
      );
      const policies = Object.values(ofType(other, 'AWS::IAM::Policy')).filter(
        (p) => !p.Properties!.Roles.some((r: { Ref: string }) => readers.has(r.Ref)),
      );
      expect(JSON.stringify(policies)).not.toContain('"s3:');
    }
  });

  it("lets the console upload to the stage's bucket (CSP; files are shown from the creatives distribution: creatives-cdn.test.ts)", () => {
    const policy = Object.values(ofType(stage.web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0];
    const csp = JSON.stringify(
      stage.web.resolve(
        policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
          .ContentSecurityPolicy,
      ),
    );
    expect(csp).toContain(`https://mixdesk-${config.name}-creatives-`);
    expect(csp).toMatch(/connect-src [^;]*creatives-/);
  });
});

it('leaves the stateful stack with its own functions only (no auto-delete helper for the bucket)', () => {
  for (const s of stages) {
    const ids = Object.keys(ofType(s.stateful, 'AWS::Lambda::Function'));
    expect(ids.map((id) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'ActivityScheduleHandler',
      'CompanyDataDeadLetterWorker',
      'CompanyDataWorker',
      'ConnectorSyncDispatcher',
      'ConnectorSyncGoogleAdsWorker',
      'ConnectorSyncMetaAdsWorker',
      'ConnectorSyncTiktokAdsWorker',
      'CsvImportDeadLetterWorker',
      'CsvImportWorker',
      'DashboardTilesHandler',
      'LineAuditHandler',
      'PlanNotificationsHandler',
      'UserPoolMail',
    ]);
    expect(ids.filter((id) => /AutoDelete|CustomS3/i.test(id))).toEqual([]);
  }
  void templateOf;
});
