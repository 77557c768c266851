import { Sha256 as SdkSha256 } from '@smithy/core/checksum';
import { LAMBDA_ESBUILD } from '../../lib/lambda-bundling';
import { Sha256 } from '../../lambdas/aws/sdk-stubs/sha256';

/**
 * What Lambda bundles take of our own in place of the AWS SDK's parts (lib/lambda-bundling.ts). No
 * package is aliased today: each alias buys at least 10 ms (docs/benchmarks.md) and comes with a test
 * here that fails loudly when an SDK upgrade renames what a client imports from it, before a bundle
 * ships with a stand-in that no longer fits. The bundles' real calls are checked by
 * test/kit/shipped-bundles.test.ts.
 */
it('no package is aliased without its test here', () => {
  expect(LAMBDA_ESBUILD.alias).toEqual({});
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
