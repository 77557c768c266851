import { Stack, type CfnElement } from 'aws-cdk-lib';
import { CONFIGURATIONS_SERVICE_ROUTES } from '../../lambdas/modules/configurations/routes';
import { COMPANY_LOGO_GRANTS, LOGO_READING_ROUTES } from '../../lib/constructs/company-logo-grants';
import type { MixdeskFunction } from '../../lib/constructs/mixdesk-function';
import { buildApp, resourcesOf } from './synth-app';

/**
 * The company logo's cloud wiring: of ConfigurationsService, only the three logo routes touch S3,
 * each with exactly the actions its method calls, on the creatives bucket's logos/ prefix only, and
 * with the bucket's name. What shows the logo (the Excel exports, the flowchart PDFs, the scheduled reports' dispatcher,
 * the plan notifications' stream function) reads it there and does nothing else in S3.
 */
const { stages } = buildApp();

/** A function's S3 statements and whether it has the bucket's name. */
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
    statements,
    actions: statements.flatMap((s: any) => [s.Action].flat()).sort(),
    bucket: f.Properties!.Environment.Variables.CREATIVES_BUCKET,
  };
}

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (name, stage) => {
  const onLogos = new RegExp(`mixdesk-${name}-creatives-.*/logos/\\*`);

  it('gives the logo routes exactly their S3 actions on logos/ and the bucket name; no other configuration route touches S3', () => {
    const stack = stage.services.get('ConfigurationsService')!;
    for (const route of CONFIGURATIONS_SERVICE_ROUTES) {
      const { statements, actions, bucket } = s3Of(stack.functions.get(route.method)!);
      const wanted = COMPANY_LOGO_GRANTS[route.method];
      expect({ method: route.method, actions }).toEqual({ method: route.method, actions: [...(wanted ?? [])].sort() });
      for (const s of statements) expect(JSON.stringify(s.Resource)).toMatch(onLogos);
      expect(Boolean(bucket)).toBe(Boolean(wanted));
    }
  });

  it('lets the exports, the report dispatcher and the notification stream read the logo, nothing else of logos/', () => {
    const readers = [
      ...Object.entries(LOGO_READING_ROUTES).flatMap(([service, methods]) =>
        methods.map((m) => stage.services.get(service)!.functions.get(m)!),
      ),
      stage.api.scheduledReports.dispatcher,
      stage.stateful.planNotifications.function,
    ];
    // ExportMediaMix, ExportMediaMixFlowchart, ExportBillableStatement, ExportOrderFlowchart, the two above.
    expect(readers).toHaveLength(6);
    for (const fn of readers) {
      const { statements, bucket } = s3Of(fn);
      const logos = statements.filter((s: any) => onLogos.test(JSON.stringify(s.Resource)));
      expect(logos.flatMap((s: any) => [s.Action].flat())).toEqual(['s3:GetObject']);
      expect(JSON.stringify(bucket)).toContain(`mixdesk-${name}-creatives-`);
    }
  });
});
