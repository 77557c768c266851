import type { CfnElement, Stack } from 'aws-cdk-lib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONFIRM_CONTACT_HANDLER } from '../../lambdas/jobs/job-handlers';
import { handlerFile } from '../../lambdas/manifest';
import { CONTACT_CONFIRMATION_SENDERS } from '../../lib/constructs/contact-confirmation';
import type { MixdeskStage } from '../../lib/stage';
import { expectStageMail, statementsOf } from './grant-checks';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * The vendor contacts' confirmation (lib/constructs/contact-confirmation.ts): the stage's generated
 * link key, the public GET|POST /confirm-contact without the authorizer, and the two VendorsService
 * functions that mail the link: the key's ARN and read, the page's URL, and SES from the stage's
 * identity only where the stage sends mail.
 */
const { stages } = buildApp();

it('deploys lambdas/public/confirm-contact.ts', () => {
  const file = handlerFile(CONFIRM_CONTACT_HANDLER);
  expect(file).toBe('lambdas/public/confirm-contact.ts');
  expect(existsSync(path.join(__dirname, '..', '..', file))).toBe(true);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const api = stage.api;
  const cc = api.contactConfirmation;
  const logicalId = (stack: Stack, c: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(c.node.defaultChild as CfnElement);
  const secretId = () => logicalId(api, cc.linkKey);
  const senders = () => {
    const stack = stage.services.get(CONTACT_CONFIRMATION_SENDERS.service)!;
    return CONTACT_CONFIRMATION_SENDERS.methods.map((m) => [m, stack, stack.functions.get(m)!] as const);
  };
  /** How the secret's ARN appears in a stack: a Ref in the API stack, an import of the API stack's export elsewhere. */
  const isTheSecret = (v: any) =>
    (v?.Ref === secretId() && Object.keys(v).length === 1) ||
    (typeof v?.['Fn::ImportValue'] === 'string' &&
      new RegExp(`:ExportsOutputRef${secretId()}[0-9A-F]{8}$`).test(v['Fn::ImportValue']));
  const readsTheSecret = (s: any[]) =>
    s.some(
      (x) =>
        [x.Action].flat().includes('secretsmanager:GetSecretValue') &&
        [x.Resource].flat().length === 1 &&
        isTheSecret(x.Resource),
    );

  it('generates the link key, kept like the table', () => {
    const secrets = ofType(api, 'AWS::SecretsManager::Secret');
    expect(secrets[secretId()].Properties!.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
      ExcludePunctuation: true,
    });
    const retain = stage.config.stateful.removalPolicy === 'retain';
    expect(secrets[secretId()].DeletionPolicy).toBe(retain ? 'Retain' : 'Delete');
  });

  it('routes GET and POST /confirm-contact to the page without any authorizer', () => {
    const routes = Object.values(ofType(api, 'AWS::ApiGatewayV2::Route')).filter((r) =>
      ['GET /confirm-contact', 'POST /confirm-contact'].includes(r.Properties!.RouteKey),
    );
    expect(routes.map((r) => r.Properties!.RouteKey).sort()).toEqual(['GET /confirm-contact', 'POST /confirm-contact']);
    for (const r of routes) {
      expect(r.Properties!.AuthorizationType).toBe('NONE');
      expect(r.Properties!.AuthorizerId).toBeUndefined();
    }
    const integrations = ofType(api, 'AWS::ApiGatewayV2::Integration');
    const target = new Set(routes.map((r) => r.Properties!.Target['Fn::Join'][1][1].Ref));
    expect(target.size).toBe(1);
    const uri = integrations[[...target][0]].Properties!.IntegrationUri;
    expect(uri).toEqual({ 'Fn::GetAtt': [logicalId(api, cc.page), 'Arn'] });
  });

  it("gives the page the table, the key's ARN and its read, and nothing to send mail with", () => {
    const env = resourcesOf(api)[logicalId(api, cc.page)].Properties!.Environment.Variables;
    expect(env.TABLE_NAME).toBe(`mixdesk-${stage.config.name}`);
    expect(isTheSecret(env.LINK_KEY_SECRET_ARN)).toBe(true);
    expect(env.MAIL_FROM).toBeUndefined();
    const s = statementsOf(api, cc.page);
    expect(readsTheSecret(s)).toBe(true);
    // Marks the contact Confirmed: a vendor write with its audit entry.
    expect(
      s.some(
        (x: any) =>
          [x.Action].flat().includes('dynamodb:TransactWriteItems') || [x.Action].flat().includes('dynamodb:PutItem'),
      ),
    ).toBe(true);
    expect(s.filter((x: any) => [x.Action].flat().some((a: string) => a.startsWith('ses:')))).toEqual([]);
  });

  it.each(CONTACT_CONFIRMATION_SENDERS.methods)(
    "%s gets the page's URL, the key's ARN and its read, and SES from the stage identity only where the stage mails",
    (method) => {
      const [, stack, fn] = senders().find(([m]) => m === method)!;
      const env = resourcesOf(stack)[logicalId(stack, fn)].Properties!.Environment.Variables;
      // `<API URL>confirm-contact`: the API's URL from the API stack's export, then the path.
      expect(JSON.stringify(env.CONTACT_CONFIRM_URL)).toMatch(/Fn::ImportValue/);
      expect(JSON.stringify(env.CONTACT_CONFIRM_URL)).toMatch(/\/confirm-contact"\]\]\}$/);
      expect(isTheSecret(env.LINK_KEY_SECRET_ARN)).toBe(true);
      const s = statementsOf(stack, fn);
      expect(readsTheSecret(s)).toBe(true);
      expectStageMail(env, s, stage.config);
    },
  );

  it('gives no other VendorsService function the key or SES', () => {
    const stack = stage.services.get(CONTACT_CONFIRMATION_SENDERS.service)!;
    for (const [method, fn] of stack.functions) {
      if (CONTACT_CONFIRMATION_SENDERS.methods.includes(method)) continue;
      const env = resourcesOf(stack)[logicalId(stack, fn)].Properties!.Environment.Variables;
      expect({ method, key: env.LINK_KEY_SECRET_ARN, url: env.CONTACT_CONFIRM_URL }).toEqual({ method });
      expect(readsTheSecret(statementsOf(stack, fn))).toBe(false);
    }
  });
});
