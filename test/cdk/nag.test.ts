import * as fs from 'node:fs';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { VALIDATION_REPORT_FILE } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { STAGES } from '../../lib/config/stages';
import { buildApp, sharedAssemblyDir, templateOf } from './synth-app';

/**
 * cdk-nag (AWS Solutions) over every stage, the way `cdk synth` runs it: zero unacknowledged errors or
 * warnings, every acknowledgment with a reason, and no acknowledgment that no longer matches a finding.
 */

// CDK's built-in CloudFormation schema check takes ~10 s here and is not what this file tests;
// `npm run synth` still runs it. Restored afterwards: with --runInBand all files share process.env.
const previousValidation = process.env.CDK_VALIDATION;
beforeAll(() => {
  process.env.CDK_VALIDATION = 'false';
});
afterAll(() => {
  if (previousValidation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = previousValidation;
});

interface Ack {
  path: string;
  id: string;
  reason: string;
}

/** Every acknowledgment recorded with Validations.of(x).acknowledge, with where it was made. */
function acknowledgments(root: IConstruct): Ack[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .map(([id, reason]) => ({ path: c.node.path, id: id.replace(/^\w+::/, ''), reason })),
  );
}

/** The AwsSolutions findings as if nothing were acknowledged. */
function rawFindings(root: IConstruct) {
  const pack = new AwsSolutionsChecks();
  (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return pack.validateScope(root).violations;
}

/** The AwsSolutions entries of the validation report that `app.synth()` wrote. */
function nagReport(assemblyDir: string) {
  const report = JSON.parse(fs.readFileSync(path.join(assemblyDir, VALIDATION_REPORT_FILE), 'utf8'));
  return report.pluginReports.filter((r: { pluginName: string }) => r.pluginName === 'AwsSolutions');
}

describe('cdk-nag AwsSolutions, all stages', () => {
  const { app } = buildApp();
  let assemblyDir = '';

  beforeAll(() => {
    // The run's one synth of this app (synth-app.ts), or this file's own when run alone. Either
    // throws with the whole report when a plugin reports an error.
    assemblyDir = sharedAssemblyDir() ?? app.synth().directory;
  });

  it('reports no unacknowledged error or warning', () => {
    const violations = nagReport(assemblyDir).flatMap((r: { violations: unknown[] }) => r.violations);
    expect(violations).toEqual([]);
  });

  it('gives every acknowledgment a written reason', () => {
    const acks = acknowledgments(app).filter((a) => a.id.startsWith('AwsSolutions-'));
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) expect({ ...a, reason: a.reason.trim().length >= 40 }).toEqual({ ...a, reason: true });
  });

  it('has no stale acknowledgment: each one matches a finding at or under its construct', () => {
    const findings = rawFindings(app);
    const stale = acknowledgments(app)
      .filter((a) => a.id.startsWith('AwsSolutions-'))
      .filter(
        (a) =>
          !findings.some(
            (f) =>
              f.ruleName === a.id &&
              f.violatingResources.some((r) => r.constructPath === a.path || r.constructPath?.startsWith(`${a.path}/`)),
          ),
      );
    expect(stale).toEqual([]);
  });
});

describe('a stage with a custom domain', () => {
  const config = {
    ...STAGES.prod,
    customDomain: {
      domainName: 'app.mixdesk.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
    },
  };
  const { app, stages } = buildApp([config]);
  const [stage] = stages;

  // The console's distribution; the creatives' keeps *.cloudfront.net (its signed URLs name that domain) and its acknowledgment.
  const ofConsole = (path?: string) => !path?.includes('/CreativesCdn/');
  it("serves the domain with its certificate and TLS 1.2 at least, and the console's distribution needs no CFR4 acknowledgment", () => {
    expect(() => app.synth()).not.toThrow();
    templateOf(stage.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['app.mixdesk.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: config.customDomain.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    expect(acknowledgments(app).filter((a) => a.id === 'AwsSolutions-CFR4' && ofConsole(a.path))).toEqual([]);
    expect(
      rawFindings(app).filter(
        (f) => f.ruleName === 'AwsSolutions-CFR4' && f.violatingResources.some((r) => ofConsole(r.constructPath)),
      ),
    ).toEqual([]);
  });

  it('allows the custom domain in the API CORS policy', () => {
    const api = Object.values(templateOf(stage.api).findResources('AWS::ApiGatewayV2::Api'))[0];
    expect(api.Properties.CorsConfiguration.AllowOrigins).toContain('https://app.mixdesk.example.com');
  });
});
