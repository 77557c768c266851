import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildApp, sharedAssemblyDir } from './synth-app';

/**
 * Every CDK feature flag is configured in cdk.json, as `cdk synth` judges it: the CLI warns "N feature
 * flags are not configured" for each flag of the synthesized feature-flag report that the app leaves
 * unset while its unset behaviour differs from the recommended value (obsolete flags aside). Two are
 * set against the recommendation on purpose (docs/operations.md "CDK feature flags").
 */
const OBSOLETE = [
  '@aws-cdk/core:enableStackNameDuplicates',
  '@aws-cdk/aws-s3:grantWriteWithoutAcl',
  '@aws-cdk/aws-kms:defaultKeyPolicies',
];

interface FlagReport {
  userValue?: unknown;
  recommendedValue: unknown;
  unconfiguredBehavesLike?: { v2?: unknown };
}

function flagReport(): Record<string, FlagReport> {
  const dir = sharedAssemblyDir() ?? buildApp().app.synth().directory;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const report = Object.values<{ type: string; properties: { flags: Record<string, FlagReport> } }>(
    manifest.artifacts,
  ).find((a) => a.type === 'cdk:feature-flag-report');
  if (!report) throw new Error('the synthesized assembly has no feature-flag report');
  return report.properties.flags;
}

const AGAINST_RECOMMENDATION: Record<string, unknown> = {
  '@aws-cdk/aws-lambda:useCdkManagedLogGroup': false,
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

it('leaves no feature flag for synth to report as not configured', () => {
  const flags = flagReport();
  expect(Object.keys(flags).length).toBeGreaterThan(50);
  const unconfigured = Object.entries(flags)
    .filter(([name, f]) => !OBSOLETE.includes(name) && f.userValue === undefined)
    .filter(([, f]) => (f.unconfiguredBehavesLike?.v2 ?? false) !== f.recommendedValue)
    .map(([name]) => name);
  expect(unconfigured).toEqual([]);
});

it('sets every flag as recommended but the two documented exceptions', () => {
  const differing = Object.fromEntries(
    Object.entries(flagReport())
      .filter(
        ([, f]) => f.userValue !== undefined && JSON.stringify(f.userValue) !== JSON.stringify(f.recommendedValue),
      )
      .map(([name, f]) => [name, f.userValue]),
  );
  // The partitions: the product deploys to the commercial partition only.
  expect(differing).toEqual({ ...AGAINST_RECOMMENDATION, '@aws-cdk/core:target-partitions': ['aws'] });
});
