import { Stack, type CfnElement } from 'aws-cdk-lib';
import type { MixdeskFunction } from '../../lib/constructs/mixdesk-function';
import { buildApp, resourcesOf } from './synth-app';

/**
 * Insertion orders sent to vendors in the cloud (lib/constructs/order-sending.ts): SendOrder writes
 * orders/ and reads the logo, GetOrderDocument reads orders/, the offline acceptance routes put
 * uploads/orders/ (the URL) or read it and put orders/ (the record), the page reads both; both have the link key, the bucket's name and
 * (where the stage mails) SES; the page's two routes have no authorizer, and nothing else does.
 */
const { stages } = buildApp();

const prefixOf = (resource: string) =>
  resource.includes('/uploads/orders/*') ? 'uploads/orders/' : resource.includes('/orders/*') ? 'orders/' : 'logos/';

function wiringOf(fn: MixdeskFunction) {
  const stack = Stack.of(fn);
  const resources = resourcesOf(stack);
  const f = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
  const roleId = f.Properties!.Role['Fn::GetAtt'][0];
  const statements = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement);
  // Each action on each resource: minimized policies merge statements that share their resources or actions.
  const s3 = statements
    .flatMap((s: any) =>
      [s.Action]
        .flat()
        .filter((a: string) => a.startsWith('s3:'))
        .flatMap((a: string) => [s.Resource].flat().map((r: unknown) => `${a} ${prefixOf(JSON.stringify(r))}`)),
    )
    .sort();
  const ses = statements.some((s: any) => [s.Action].flat().includes('ses:SendEmail'));
  const secrets = statements
    .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('secretsmanager:')))
    .map((s: any) => JSON.stringify(s.Resource));
  return { s3, ses, secrets, env: f.Properties!.Environment.Variables as Record<string, unknown> };
}

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage) => {
  const orders = stage.services.get('OrdersService')!;
  const sending = stage.orderSending;

  it('gives SendOrder PutObject (and DeleteObject, for a refused send) on orders/, GetObject on logos/, the link key, the page URL and SES where the stage mails', () => {
    const w = wiringOf(orders.functions.get('SendOrder')!);
    expect(w.s3).toEqual(['s3:DeleteObject orders/', 's3:GetObject logos/', 's3:PutObject orders/']);
    expect(w.ses).toBe(stage.config.notifications.email.enabled);
    // The stage's link key only (the API stack's, imported).
    expect(w.secrets).toHaveLength(1);
    expect(w.secrets[0]).toMatch(/ContactConfirmationLinkKey/);
    expect(Object.keys(w.env)).toEqual(
      expect.arrayContaining(['CREATIVES_BUCKET', 'LINK_KEY_SECRET_ARN', 'ORDER_ACCEPT_URL']),
    );
    // The other order routes touch no file.
    expect(wiringOf(orders.functions.get('ApproveOrder')!).s3).toEqual([]);
  });

  it('gives GetOrderDocument GetObject on orders/ only: no logo, no key, no mail', () => {
    const w = wiringOf(orders.functions.get('GetOrderDocument')!);
    expect(w.s3).toEqual(['s3:GetObject orders/']);
    expect(w.ses).toBe(false);
    expect(w.secrets).toEqual([]);
    expect(Object.keys(w.env)).toContain('CREATIVES_BUCKET');
  });

  it('gives the offline acceptance routes their prefixes only: the upload URL puts uploads/orders/, the record reads it and puts orders/', () => {
    const url = wiringOf(orders.functions.get('GetOfflineAcceptanceUploadUrl')!);
    expect(url.s3).toEqual(['s3:PutObject uploads/orders/']);
    const record = wiringOf(orders.functions.get('RecordOfflineAcceptance')!);
    expect(record.s3).toEqual(['s3:GetObject uploads/orders/', 's3:PutObject orders/']);
    for (const w of [url, record]) {
      expect(w.ses).toBe(false);
      expect(w.secrets).toEqual([]);
      expect(Object.keys(w.env)).toContain('CREATIVES_BUCKET');
    }
  });

  it('serves the page on GET and POST /order-acceptance without an authorizer; it reads orders/ and logos/ only', () => {
    const w = wiringOf(sending.page);
    expect(w.s3).toEqual(['s3:GetObject logos/', 's3:GetObject orders/']);
    expect(Object.keys(w.env)).toEqual(expect.arrayContaining(['CREATIVES_BUCKET', 'LINK_KEY_SECRET_ARN']));
    const routes = Object.values(resourcesOf(stage.api)).filter(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route' && String(r.Properties!.RouteKey).endsWith(' /order-acceptance'),
    );
    expect(routes.map((r) => r.Properties!.RouteKey).sort()).toEqual([
      'GET /order-acceptance',
      'POST /order-acceptance',
    ]);
    for (const r of routes) expect(r.Properties!.AuthorizationType ?? 'NONE').toBe('NONE');
  });
});
