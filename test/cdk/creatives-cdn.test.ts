import { generateKeyPairSync } from 'node:crypto';
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { CREATIVES_SERVICE_ROUTES } from '../../lambdas/modules/creatives/routes';
import { CDN_SIGNING_ROUTES } from '../../lib/constructs/creatives-cdn';
import { buildApp, ofType, resourcesOf, templateOf } from './synth-app';

/**
 * The creatives' CloudFront distribution of each stage: in front of the creatives bucket through an
 * origin access control, on its creatives/ prefix alone (origin path and bucket policy: an upload is
 * never served), viewers with a URL signed by the stage's key only (trusted key group), every reply
 * with nosniff and a sandboxing CSP while Content-Disposition stays as stored. The signing route gets
 * the distribution's domain, its key id and the private key's secret, and may read that one secret;
 * the console's CSP shows images and video from the distribution.
 */
const { stages } = buildApp();

const refOf = (v: any): string | undefined => v?.Ref ?? v?.['Fn::GetAtt']?.[0];
/** The default of an SSM-parameter-valued template parameter: the name of the parameter it reads. */
const ssmNameOf = (stack: Stack, v: any) => {
  const p = templateOf(stack).toJSON().Parameters?.[refOf(v)!];
  return p?.Type === 'AWS::SSM::Parameter::Value<String>' ? p.Default : undefined;
};

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage) => {
  const { config, stateful } = stage;
  const one = (type: string) => {
    const all = Object.entries(ofType(stateful, type));
    expect(all).toHaveLength(1);
    return { id: all[0][0], ...all[0][1] };
  };
  const creativesBucketId = () =>
    Object.entries(ofType(stateful, 'AWS::S3::Bucket')).find(([, b]) =>
      JSON.stringify(b.Properties?.BucketName ?? '').includes(`mixdesk-${config.name}-creatives-`),
    )![0];

  it('serves the creatives bucket through an origin access control, from its creatives/ prefix only', () => {
    const d = one('AWS::CloudFront::Distribution').Properties!.DistributionConfig;
    const oac = one('AWS::CloudFront::OriginAccessControl');
    expect(d.Origins).toHaveLength(1);
    const [origin] = d.Origins;
    expect(refOf(origin.DomainName)).toBe(creativesBucketId());
    expect(origin.OriginPath).toBe('/creatives');
    expect(refOf(origin.OriginAccessControlId)).toBe(oac.id);
    expect(oac.Properties!.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(d.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(d.CacheBehaviors ?? []).toEqual([]);
  });

  it('lets the distribution alone read creatives/ in the bucket, never uploads/', () => {
    const distributionId = one('AWS::CloudFront::Distribution').id;
    const policy = Object.values(ofType(stateful, 'AWS::S3::BucketPolicy')).find(
      (p) => refOf(p.Properties!.Bucket) === creativesBucketId(),
    )!;
    const allows = policy.Properties!.PolicyDocument.Statement.filter((s: any) => s.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    const [allow] = allows;
    expect(allow.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allow.Action).toBe('s3:GetObject');
    const resource = JSON.stringify(stateful.resolve(allow.Resource));
    expect(resource).toMatch(/\/creatives\/\*"/);
    expect(resource).not.toContain('uploads/');
    const source = JSON.stringify(allow.Condition.StringEquals['AWS:SourceArn']);
    expect(source).toContain(':distribution/');
    expect(source).toContain(`"Ref":"${distributionId}"`);
  });

  it('admits viewers with a URL signed by the key of the stage only (a trusted key group of the deploy-time public key)', () => {
    const d = one('AWS::CloudFront::Distribution').Properties!.DistributionConfig;
    const group = one('AWS::CloudFront::KeyGroup');
    const key = one('AWS::CloudFront::PublicKey');
    expect(d.DefaultCacheBehavior.TrustedKeyGroups.map(refOf)).toEqual([group.id]);
    expect(group.Properties!.KeyGroupConfig.Items.map(refOf)).toEqual([key.id]);
    const parameter = templateOf(stateful).toJSON().Parameters[refOf(key.Properties!.PublicKeyConfig.EncodedKey)!];
    expect(parameter.Type).toBe('String');
    // The parameter takes a public key in PEM and refuses the private half pasted by mistake.
    const pattern = new RegExp(`^(?:${parameter.AllowedPattern})$`);
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(pattern.test(pair.publicKey.export({ type: 'spki', format: 'pem' }) as string)).toBe(true);
    expect(pattern.test(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string)).toBe(false);
  });

  it('adds nosniff and a CSP that runs nothing to every reply, and leaves Content-Disposition as stored', () => {
    const d = one('AWS::CloudFront::Distribution').Properties!.DistributionConfig;
    const headers = one('AWS::CloudFront::ResponseHeadersPolicy');
    expect(refOf(d.DefaultCacheBehavior.ResponseHeadersPolicyId)).toBe(headers.id);
    const config = headers.Properties!.ResponseHeadersPolicyConfig;
    expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: "default-src 'none'; sandbox",
      Override: true,
    });
    expect(JSON.stringify(config).toLowerCase()).not.toContain('content-disposition');
  });

  it('publishes its domain and key id where the service and web stacks read them', () => {
    const distributionId = one('AWS::CloudFront::Distribution').id;
    const keyId = one('AWS::CloudFront::PublicKey').id;
    const params = Object.values(ofType(stateful, 'AWS::SSM::Parameter')).map((p) => p.Properties!);
    expect(params.find((p) => p.Name === `/mixdesk/${config.name}/creatives-cdn/domain`)?.Value).toEqual({
      'Fn::GetAtt': [distributionId, 'DomainName'],
    });
    expect(params.find((p) => p.Name === `/mixdesk/${config.name}/creatives-cdn/key-pair-id`)?.Value).toEqual({
      Ref: keyId,
    });
  });

  it('gives the signing route the domain, the key id and the private key secret, with read access to that secret alone', () => {
    const stack = stage.services.get('CreativesService')!;
    const resources = resourcesOf(stack);
    const secret = `mixdesk/${config.name}/creatives-cdn/private-key`;
    expect(CDN_SIGNING_ROUTES).toEqual(['GetCreativesList']);
    for (const route of CREATIVES_SERVICE_ROUTES) {
      const fn = stack.functions.get(route.method)!;
      const f = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)];
      const env = f.Properties!.Environment.Variables;
      const roleId = f.Properties!.Role['Fn::GetAtt'][0];
      const secretGrants = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement)
        .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('secretsmanager:')))
        .map((s: any) => ({ actions: [s.Action].flat(), resource: JSON.stringify(stack.resolve(s.Resource)) }));
      if (CDN_SIGNING_ROUTES.includes(route.method)) {
        expect(ssmNameOf(stack, env.CREATIVES_CDN_DOMAIN)).toBe(`/mixdesk/${config.name}/creatives-cdn/domain`);
        expect(ssmNameOf(stack, env.CREATIVES_CDN_KEY_PAIR_ID)).toBe(
          `/mixdesk/${config.name}/creatives-cdn/key-pair-id`,
        );
        expect(env.CREATIVES_CDN_KEY_SECRET).toBe(secret);
        expect(secretGrants).toHaveLength(1);
        expect(secretGrants[0].actions).toEqual(['secretsmanager:GetSecretValue']);
        expect(secretGrants[0].resource).toContain(`:secret:${secret}-??????"`);
      } else {
        expect([
          env.CREATIVES_CDN_DOMAIN,
          env.CREATIVES_CDN_KEY_PAIR_ID,
          env.CREATIVES_CDN_KEY_SECRET,
          secretGrants,
        ]).toEqual([undefined, undefined, undefined, []]);
      }
    }
  });

  it("lets the console show images and video from the stage's distribution (CSP), and upload to the bucket", () => {
    const policy = Object.values(ofType(stage.web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0];
    const csp = JSON.stringify(
      stage.web.resolve(
        policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
          .ContentSecurityPolicy,
      ),
    );
    const domainParam = Object.entries(templateOf(stage.web).toJSON().Parameters ?? {}).find(
      ([, p]: [string, any]) => p.Default === `/mixdesk/${config.name}/creatives-cdn/domain`,
    )?.[0];
    expect(domainParam).toBeDefined();
    for (const directive of ['img-src', 'media-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://",\\{"Ref":"${domainParam}"\\}`));
      expect(csp).not.toMatch(new RegExp(`${directive} [^;]*creatives-`));
    }
    expect(csp).toMatch(/connect-src [^;]*creatives-/);
  });
});
