/** @jest-environment jsdom */
import '../testing/polyfills';
import type { Feature, RouteLocation } from '../lib/feature';
import { PROFILES, signInAs } from '../testing/fixtures';
import { setSession } from '../lib/auth';
import { warmRoute } from './early-route';

/** A feature whose route records what was started, with a way to let the configuration arrive. */
function recorder() {
  const started: string[] = [];
  const prefetched: RouteLocation[] = [];
  const feature: Feature = {
    id: 'warm',
    routes: [
      {
        path: '/accounts/:accountId/things/list',
        screen: async () => () => null,
        prefetch: async () => {
          started.push('prefetch chunk');
          return (at) => prefetched.push(at);
        },
      },
      {
        path: '/broken/list',
        screen: () => Promise.reject(new Error('chunk gone')),
        prefetch: () => Promise.reject(new Error('chunk gone')),
      },
      {
        path: '/guest/page',
        guest: true,
        screen: async () => () => null,
        prefetch: async () => (started.push('guest prefetch'), () => undefined),
      },
    ],
  };
  let arrive: () => void = () => undefined;
  const ready = new Promise<void>((r) => (arrive = r));
  return { started, prefetched, feature, ready, arrive: () => arrive() };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('warmRoute', () => {
  afterEach(() => setSession(null));

  it('starts the prefetch chunk at once, and the call once the configuration is in', async () => {
    signInAs(PROFILES.admin);
    const r = recorder();
    let sent = false;
    void warmRoute([r.feature], { pathname: '/Accounts/7/things/list', search: '?tab=2' }, r.ready).then(
      () => (sent = true),
    );
    await flush();
    expect(sent).toBe(false);
    expect(r.started).toEqual(['prefetch chunk']);
    expect(r.prefetched).toEqual([]);
    r.arrive();
    await flush();
    expect(r.prefetched).toEqual([{ pathname: '/Accounts/7/things/list', search: '?tab=2' }]);
    expect(sent).toBe(true);
  });

  it('starts nothing for a visitor who is not signed in, for a guest page or for an address no route has', async () => {
    const r = recorder();
    // Nothing to wait for: each resolves before the configuration is in.
    await warmRoute([r.feature], { pathname: '/accounts/7/things/list', search: '' }, r.ready);
    signInAs(PROFILES.admin);
    await warmRoute([r.feature], { pathname: '/guest/page', search: '' }, r.ready);
    await warmRoute([r.feature], { pathname: '/accounts/7/things/list/extra', search: '' }, r.ready);
    r.arrive();
    await flush();
    expect(r.started).toEqual([]);
    expect(r.prefetched).toEqual([]);
  });

  it('lets a chunk that does not load fail quietly here (the route shows it)', async () => {
    signInAs(PROFILES.admin);
    const r = recorder();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const done = warmRoute([r.feature], { pathname: '/broken/list', search: '' }, r.ready);
      r.arrive();
      await expect(done).resolves.toBeUndefined();
      await flush();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(r.prefetched).toEqual([]);
  });
});
