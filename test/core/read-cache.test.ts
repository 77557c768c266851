import { readCache } from '../../lambdas/core/read-cache';

/** read-cache.ts: one load per key for concurrent readers; a failed or refused load is not kept. */
describe('readCache', () => {
  it('shares one load among concurrent readers of a key', async () => {
    const cache = readCache<number>();
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const got = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', load)));
    expect(got).toEqual(Array(10).fill(1));
    expect(loads).toBe(1);
  });

  it('forgets a failed load, and only its own entry', async () => {
    const cache = readCache<number>(10);
    await expect(cache.get('k', () => Promise.reject(new Error('no')), 0)).rejects.toThrow('no');
    expect(cache.peek('k', 0)).toBeUndefined();
    expect(await cache.get('k', () => Promise.resolve(2), 0)).toBe(2);
    // A slow load that fails after a newer one took its key leaves the newer one.
    let fail!: (e: Error) => void;
    const slow = cache.get('j', () => new Promise<number>((_, reject) => (fail = reject)), 0);
    const newer = cache.get('j', () => Promise.resolve(3), 100);
    fail(new Error('late'));
    await expect(slow).rejects.toThrow('late');
    expect(await cache.peek('j', 100)).toBe(3);
    await newer;
  });

  it('forgets a value `keep` refuses once it has settled', async () => {
    const cache = readCache<number>();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const odd = (v: number) => v % 2 === 1;
    await Promise.all([cache.get('k', load, undefined, odd), cache.get('k', load, undefined, odd)]);
    expect(loads).toBe(1);
    expect(await cache.get('k', load, undefined, odd)).toBe(1);
    // 2 is refused: the next reader loads again.
    expect(await cache.get('e', load, undefined, odd)).toBe(2);
    expect(await cache.get('e', load, undefined, odd)).toBe(3);
    expect(await cache.get('e', load, undefined, odd)).toBe(3);
  });
});
