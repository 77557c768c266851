import type { CfnElement } from 'aws-cdk-lib';
import { CONNECTORS_SERVICE_ROUTES } from '../../lambdas/modules/connectors/routes';
import { CSV_UPLOAD_GRANTS } from '../../lib/constructs/csv-upload-grants';
import { buildApp, resourcesOf } from '../cdk/synth-app';

/**
 * The CSV upload's cloud wiring: of ConnectorsService, only GetCsvUploadUrl (signs the
 * browser's POST) and ImportCampaignStatsCsv (reads and deletes the file) touch S3, with exactly
 * their actions, on the creatives bucket's uploads/csv/ prefix only, and with the bucket's name.
 */
const { stages } = buildApp();

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage) => {
  it('gives the two CSV routes exactly their S3 actions on uploads/csv/ and the bucket name; no other connector route touches S3', () => {
    const stack = stage.services.get('ConnectorsService')!;
    const resources = resourcesOf(stack);
    for (const route of CONNECTORS_SERVICE_ROUTES) {
      const fn = stack.functions.get(route.method)!;
      const f = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
      const roleId = f.Properties!.Role['Fn::GetAtt'][0];
      const s3 = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement)
        .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
      const wanted = CSV_UPLOAD_GRANTS[route.method];
      expect({ method: route.method, actions: s3.flatMap((s: any) => [s.Action].flat()).sort() }).toEqual({
        method: route.method,
        actions: [...(wanted ?? [])].sort(),
      });
      for (const s of s3)
        expect(JSON.stringify(s.Resource)).toMatch(new RegExp(`mixdesk-${name}-creatives-.*/uploads/csv/\\*`));
      expect(Boolean(f.Properties!.Environment.Variables.CREATIVES_BUCKET)).toBe(Boolean(wanted));
    }
  });
});
