import LRUCache from '../../lambdas/kit/sdk-stubs/lru-cache';
import { EventStreamSerde, eventStreamSerdeProvider } from '../../lambdas/kit/sdk-stubs/no-event-streams';

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
});
