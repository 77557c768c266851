import { Stack, type CfnElement } from 'aws-cdk-lib';
import { VENDOR_BILLS_SERVICE_ROUTES } from '../../lambdas/modules/vendor-bills/routes';
import { BILL_FILE_GRANTS } from '../../lib/constructs/bill-file-grants';
import type { MixdeskFunction } from '../../lib/constructs/mixdesk-function';
import { buildApp, resourcesOf } from './synth-app';

/**
 * The vendor bills' PDFs in the cloud: of VendorBillsService, only the upload form, the save and
 * the read touch S3, each with exactly the actions its method calls on its own prefix of the
 * creatives bucket (uploads/bills/ or bills/), and with the bucket's name; the other routes none.
 */
const { stages } = buildApp();

function s3Of(fn: MixdeskFunction) {
  const stack = Stack.of(fn);
  const resources = resourcesOf(stack);
  const f = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
  const roleId = f.Properties!.Role['Fn::GetAtt'][0];
  const statements = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement)
    .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
  return {
    grants: statements
      .map((s: any) => ({
        actions: [s.Action].flat().sort(),
        prefix: /\/(uploads\/bills\/|bills\/)\*/.exec(JSON.stringify(s.Resource))?.[1],
      }))
      .sort((a, b) => String(a.prefix).localeCompare(String(b.prefix))),
    bucket: f.Properties!.Environment.Variables.CREATIVES_BUCKET,
  };
}

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage) => {
  it('gives each bill route exactly its S3 actions on its own prefix and the bucket name; the others none', () => {
    const stack = stage.services.get('VendorBillsService')!;
    for (const route of VENDOR_BILLS_SERVICE_ROUTES) {
      const { grants, bucket } = s3Of(stack.functions.get(route.method)!);
      const wanted = (BILL_FILE_GRANTS[route.method] ?? [])
        .map((g) => ({ actions: [...g.actions].sort(), prefix: g.prefix }))
        .sort((a, b) => a.prefix.localeCompare(b.prefix));
      expect({ method: route.method, grants }).toEqual({ method: route.method, grants: wanted });
      if (wanted.length) expect(JSON.stringify(bucket)).toContain(`mixdesk-${name}-creatives-`);
      else expect(bucket).toBeUndefined();
    }
  });
});
