import type { CfnElement } from 'aws-cdk-lib';
import { CONFIGURATIONS_SERVICE_ROUTES } from '../../lambdas/modules/configurations/routes';
import { COMPANY_LOGO_GRANTS } from '../../lib/constructs/company-logo-grants';
import { buildApp, resourcesOf } from './synth-app';

/**
 * The company logo's cloud wiring: of ConfigurationsService, only the three logo routes touch S3,
 * each with exactly the actions its method calls, on the creatives bucket's logos/ prefix only, and
 * with the bucket's name.
 */
const { stages } = buildApp();

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage) => {
  it('gives the logo routes exactly their S3 actions on logos/ and the bucket name; no other configuration route touches S3', () => {
    const stack = stage.services.get('ConfigurationsService')!;
    const resources = resourcesOf(stack);
    for (const route of CONFIGURATIONS_SERVICE_ROUTES) {
      const fn = stack.functions.get(route.method)!;
      const f = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
      const roleId = f.Properties!.Role['Fn::GetAtt'][0];
      const s3 = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement)
        .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
      const wanted = COMPANY_LOGO_GRANTS[route.method];
      expect({ method: route.method, actions: s3.flatMap((s: any) => [s.Action].flat()).sort() }).toEqual({
        method: route.method,
        actions: [...(wanted ?? [])].sort(),
      });
      for (const s of s3)
        expect(JSON.stringify(s.Resource)).toMatch(new RegExp(`mixdesk-${name}-creatives-.*/logos/\\*`));
      expect(Boolean(f.Properties!.Environment.Variables.CREATIVES_BUCKET)).toBe(Boolean(wanted));
    }
  });
});
