import { Sha256 as SdkSha256 } from '@smithy/core/checksum';
import LRUCache from '../../lambdas/aws/sdk-stubs/lru-cache';
import {
  EventStreamCodec,
  EventStreamSerde,
  eventStreamSerdeProvider,
  iterableToReadableStream,
  resolveEventStreamSerdeConfig,
} from '../../lambdas/aws/sdk-stubs/no-event-streams';
import { fromEnvSigningName, nodeProvider } from '../../lambdas/aws/sdk-stubs/no-token-providers';
import { Sha256 } from '../../lambdas/aws/sdk-stubs/sha256';

/**
 * The stand-ins that Lambda bundles get for parts of the AWS SDK (lib/lambda-bundling.ts). The
 * bundles' real calls are checked by test/kit/shipped-bundles.test.ts; here, each stand-in keeps
 * the contract of what it replaces.
 */
describe('the LRU behind the endpoint cache (for mnemonist/lru-cache)', () => {
  it('keeps at most `capacity` entries, dropping the least recently used', () => {
    const lru = new LRUCache<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.has('b')).toBe(false);
    expect([lru.get('a'), lru.get('c'), lru.size]).toEqual([1, 3, 2]);
  });

  it('peek reads without refreshing; set of a known key refreshes and replaces', () => {
    const lru = new LRUCache<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.peek('a')).toBe(1);
    lru.set('c', 3); // a was only peeked: it goes
    expect(lru.has('a')).toBe(false);
    lru.set('b', 20).set('d', 4); // b was refreshed by set: c goes
    expect([lru.peek('b'), lru.has('c'), lru.peek('d')]).toEqual([20, false, 4]);
  });

  it('clear empties it; a missing key reads undefined', () => {
    const lru = new LRUCache<string, number>(3);
    lru.set('a', 1);
    lru.clear();
    expect([lru.size, lru.get('a'), lru.peek('a'), lru.has('a')]).toEqual([0, undefined, undefined, false]);
  });
});

describe('the event-stream stand-in (for @smithy/core/event-streams)', () => {
  it('refuses loudly instead of streaming nothing', () => {
    expect(() => eventStreamSerdeProvider()).toThrow(/Event streams are not bundled/);
    expect(() => new EventStreamSerde()).toThrow(/Event streams are not bundled/);
  });

  it('lets the Bedrock client be built (its config resolves, its codec constructs) and refuses when a stream is used', () => {
    const config = { region: 'eu-west-1' };
    expect(resolveEventStreamSerdeConfig(config)).toBe(config);
    const codec = new EventStreamCodec();
    expect(() => codec.encode()).toThrow(/Event streams are not bundled/);
    expect(() => codec.decode()).toThrow(/Event streams are not bundled/);
    expect(() => iterableToReadableStream()).toThrow(/Event streams are not bundled/);
  });
});

describe('the token providers stand-in (for @aws-sdk/token-providers)', () => {
  it('refuses a bearer token: Lambdas sign SigV4', async () => {
    await expect(fromEnvSigningName()()).rejects.toThrow(/Bearer tokens are not bundled/);
    await expect(nodeProvider()()).rejects.toThrow(/Bearer tokens are not bundled/);
  });
});

describe('the SHA-256 that signs requests (for @smithy/core/checksum)', () => {
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
