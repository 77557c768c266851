import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Sha256 as SdkSha256 } from '@smithy/core/checksum';
import * as realCredentials from '@aws-sdk/credential-provider-node';
import * as realTokenProviders from '@aws-sdk/token-providers';
import { LAMBDA_ESBUILD } from '../../lib/lambda-bundling';
import * as credentialStub from '../../lambdas/aws/lambda-credentials';
import * as tokenStub from '../../lambdas/aws/sdk-stubs/no-token-providers';
import { fromEnvSigningName, nodeProvider } from '../../lambdas/aws/sdk-stubs/no-token-providers';
import { Sha256 } from '../../lambdas/aws/sdk-stubs/sha256';

/**
 * The stand-ins that Lambda bundles get for parts of the AWS SDK (lib/lambda-bundling.ts), each kept
 * because it buys cold init (docs/benchmarks.md). An SDK upgrade may rename what a client imports
 * from the replaced package, or change what it expects of it: these fail loudly then, naming the
 * alias, before a bundle ships with a stub that no longer fits. The bundles' real calls are checked by
 * test/kit/shipped-bundles.test.ts.
 */
const NODE_MODULES = path.resolve(__dirname, '../../node_modules');

/** Every `import { a as b, c } from "<pkg>"` of the installed AWS SDK packages' ES builds: the names imported. */
function namesImportedFrom(pkg: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const sdk = path.join(NODE_MODULES, '@aws-sdk');
  const pattern = new RegExp(`import \\{([^}]*)\\} from "${pkg.replace(/[/]/g, '\\/')}"`, 'g');
  for (const dir of readdirSync(sdk)) {
    const esm = path.join(sdk, dir, 'dist-es');
    let files: string[];
    try {
      files = readdirSync(esm, { recursive: true }) as string[];
    } catch {
      continue;
    }
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(esm, file), 'utf8');
      for (const m of text.matchAll(pattern)) {
        const names = m[1]
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0])
          .filter(Boolean);
        found.set(`@aws-sdk/${dir}/${file}`, names);
      }
    }
  }
  return found;
}

it('the aliases are the ones these tests guard', () => {
  expect(Object.keys(LAMBDA_ESBUILD.alias).sort()).toEqual([
    '@aws-sdk/credential-provider-node',
    '@aws-sdk/token-providers',
  ]);
});

describe('the env credentials (for @aws-sdk/credential-provider-node)', () => {
  it('every SDK client imports from the default chain only `defaultProvider`, which the stub and the real package export', () => {
    const imports = namesImportedFrom('@aws-sdk/credential-provider-node');
    // The client the functions use (the AI analysis's), at least.
    expect([...imports.keys()]).toEqual(expect.arrayContaining(['@aws-sdk/client-bedrock-runtime/runtimeConfig.js']));
    expect([...new Set([...imports.values()].flat())]).toEqual(['defaultProvider']);
    expect(typeof realCredentials.defaultProvider).toBe('function');
    expect(typeof credentialStub.defaultProvider).toBe('function');
  });

  it("answers the role's credentials from the environment, as Lambda hands them", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'AKIDSTUB',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
    });
    try {
      await expect(credentialStub.defaultProvider()()).resolves.toMatchObject({
        accessKeyId: 'AKIDSTUB',
        secretAccessKey: 'secret',
        sessionToken: 'token',
      });
    } finally {
      process.env = saved;
    }
  });
});

describe('the token providers stand-in (for @aws-sdk/token-providers)', () => {
  it('mirrors every name the Bedrock client imports, each a function in the real package too', () => {
    const imports = namesImportedFrom('@aws-sdk/token-providers');
    const bedrock = imports.get('@aws-sdk/client-bedrock-runtime/runtimeConfig.js');
    expect(bedrock).toBeDefined();
    for (const name of bedrock!) {
      expect([name, typeof (tokenStub as Record<string, unknown>)[name]]).toEqual([name, 'function']);
      expect([name, typeof (realTokenProviders as Record<string, unknown>)[name]]).toEqual([name, 'function']);
    }
  });

  it('refuses a bearer token: Lambdas sign SigV4', async () => {
    await expect(fromEnvSigningName()()).rejects.toThrow(/Bearer tokens are not bundled/);
    await expect(nodeProvider()()).rejects.toThrow(/Bearer tokens are not bundled/);
  });
});

describe('the SHA-256 of the hand-signed requests (as @smithy/core/checksum’s)', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  const both = (secret?: string | Uint8Array) => [new SdkSha256(secret), new Sha256(secret)] as const;

  it.each([
    ['a hash', undefined],
    ['an HMAC with a text key', 'AWS4secret'],
    ['an HMAC with a byte key', bytes('signing key')],
  ])('%s digests as the SDK’s does, over text and bytes, in several updates', async (_name, secret) => {
    const [sdk, ours] = both(secret);
    for (const h of [sdk, ours]) {
      h.update(bytes('AWS4-HMAC-SHA256\n20261123T000000Z\n'));
      h.update(bytes('20261123/eu-west-1/dynamodb/aws4_request'));
    }
    const digest = await ours.digest();
    expect(digest).toHaveLength(32);
    expect(Buffer.from(digest).toString('hex')).toBe(Buffer.from(await sdk.digest()).toString('hex'));
  });

  it('a hash may be read and updated again; a finished HMAC refuses updates until reset', async () => {
    const hash = new Sha256();
    hash.update(bytes('a'));
    const first = Buffer.from(await hash.digest()).toString('hex');
    hash.update(bytes('b'));
    const sdk = new SdkSha256();
    sdk.update(bytes('ab'));
    expect(Buffer.from(await hash.digest()).toString('hex')).toBe(Buffer.from(await sdk.digest()).toString('hex'));
    expect(first).not.toBe(Buffer.from(await sdk.digest()).toString('hex'));

    const hmac = new Sha256('key');
    hmac.update(bytes('a'));
    await hmac.digest();
    expect(() => hmac.update(bytes('b'))).toThrow(/finished/);
    hmac.reset();
    hmac.update(bytes('a'));
    const again = new SdkSha256('key');
    again.update(bytes('a'));
    expect(Buffer.from(await hmac.digest()).toString('hex')).toBe(Buffer.from(await again.digest()).toString('hex'));
  });
});
