/** @jest-environment jsdom */
import '../../testing/polyfills';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { render } from '@testing-library/react';

const KEPT = 'mixdesk.styles.muirtl';
const Box = styled.div({ paddingLeft: 3, color: 'teal' });
const Other = styled.span({ marginRight: 5 });

/** The console's right-to-left cache, made afresh, in a browser that can say when it is idle. */
async function freshCache(): Promise<EmotionCache> {
  let cache: EmotionCache | undefined;
  await jest.isolateModulesAsync(async () => {
    cache = (await import('./rtl-cache')).emotionCache(true);
  });
  return cache!;
}

const idle: Array<() => void> = [];
beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  document.head.replaceChildren();
  idle.length = 0;
  (window as unknown as { requestIdleCallback: (f: () => void) => number }).requestIdleCallback = (f) => idle.push(f);
});
afterEach(() => jest.useRealTimers());

const kept = () => JSON.parse(localStorage.getItem(KEPT) ?? 'null') as { names: string[]; css: string } | null;

describe("the right-to-left cache's kept styles", () => {
  it('are kept once the browser is idle after the last new style', async () => {
    const cache = await freshCache();
    render(
      <CacheProvider value={cache}>
        <Box>a</Box>
      </CacheProvider>,
    );
    expect(kept()).toBeNull();
    jest.advanceTimersByTime(300);
    idle.splice(0).forEach((f) => f());
    expect(kept()?.css).toMatch(/padding-right: ?3px/);
  });

  it('are kept as the page is left or hidden before then, and only what is new', async () => {
    const cache = await freshCache();
    const view = render(
      <CacheProvider value={cache}>
        <Box>a</Box>
      </CacheProvider>,
    );
    dispatchEvent(new Event('pagehide'));
    expect(kept()?.css).toMatch(/padding-right: ?3px/);
    // Nothing is kept again, nor later, when nothing new was computed since.
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    dispatchEvent(new Event('pagehide'));
    jest.advanceTimersByTime(300);
    idle.splice(0).forEach((f) => f());
    expect(setItem).not.toHaveBeenCalled();

    view.rerender(
      <CacheProvider value={cache}>
        <Box>a</Box>
        <Other>b</Other>
      </CacheProvider>,
    );
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(kept()?.css).toMatch(/margin-left: ?5px/);
    expect(kept()?.names).toHaveLength(2);
    setItem.mockRestore();
  });
});
