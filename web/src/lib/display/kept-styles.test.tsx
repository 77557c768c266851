/** @jest-environment jsdom */
import '../../testing/polyfills';
import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import styled from '@emotion/styled';
import { render } from '@testing-library/react';
import { dropUnadoptedGlobals, keepStyles, restoreStyles, trackGlobals } from './kept-styles';

const Box = styled.div({ color: 'rebeccapurple', paddingLeft: 3 });
const Other = styled.span({ margin: 7 });

/** Every rule in the page, as the browser holds it (emotion inserts with insertRule or as text). */
const rulesInPage = () =>
  Array.from(document.styleSheets, (sheet) => Array.from(sheet.cssRules, (r) => r.cssText).join('\n')).join('\n');

let n = 0;
/** A fresh cache key per test: emotion's hydration looks for `style[data-emotion^="key "]`. */
const freshKey = () => `kept${++n}`;

function renderWith(key: string, el: React.ReactNode) {
  const cache = createCache({ key });
  const insert = jest.spyOn(cache, 'insert');
  const view = render(<CacheProvider value={cache}>{el}</CacheProvider>);
  return { cache, view, insert };
}

beforeEach(() => {
  localStorage.clear();
  document.head.replaceChildren();
});

describe('kept styles', () => {
  it('keeps what a visit computed, and the next visit inserts none of it again', () => {
    const key = freshKey();
    const first = renderWith(key, <Box>a</Box>);
    keepStyles(first.cache);
    first.view.unmount();
    const kept = JSON.parse(localStorage.getItem(`mixdesk.styles.${key}`) ?? '{}') as { names: string[]; css: string };
    expect(kept.names).toHaveLength(1);
    expect(kept.css).toContain('rebeccapurple');

    // The next visit: a new page, the kept styles put back before the cache exists.
    document.head.replaceChildren();
    restoreStyles(key);
    const second = renderWith(key, <Box>a</Box>);
    expect(second.cache.inserted[kept.names[0]!]).toBe(true);
    expect(second.insert).not.toHaveBeenCalled();
    // Only the restored copy of the rule is in the page: emotion computed and inserted nothing.
    expect(rulesInPage().match(/rebeccapurple/g)).toHaveLength(1);
    expect(getComputedStyle(second.view.getByText('a')).color).toBe('rebeccapurple');

    // A style new on this visit is inserted as usual, and kept with the restored ones.
    second.view.rerender(
      <CacheProvider value={second.cache}>
        <Box>a</Box>
        <Other>b</Other>
      </CacheProvider>,
    );
    expect(getComputedStyle(second.view.getByText('b')).margin).toBe('7px');
    expect(second.insert).toHaveBeenCalledTimes(1);
    keepStyles(second.cache);
    const again = JSON.parse(localStorage.getItem(`mixdesk.styles.${key}`) ?? '{}') as { names: string[]; css: string };
    expect(again.names).toHaveLength(2);
    expect(again.css).toContain('rebeccapurple');
    expect(again.css).toMatch(/margin: 7px/);
  });

  it('ignores what another build kept, or anything but class names', () => {
    const key = freshKey();
    const restoredWith = (value: object) => {
      document.head.replaceChildren();
      localStorage.setItem(`mixdesk.styles.${key}`, JSON.stringify(value));
      restoreStyles(key);
      return document.head.querySelectorAll('style').length;
    };
    expect(restoredWith({ build: 'dev', names: ['kept-1a2b'], css: '.x{}' })).toBe(1);
    expect(restoredWith({ build: 'an-older-build', names: ['kept-1a2b'], css: '.x{}' })).toBe(0);
    expect(restoredWith({ build: 'dev', names: ['a" onload="x'], css: '.x{}' })).toBe(0);
    expect(restoredWith({ build: 'dev', names: 'kept-1a2b', css: '.x{}' })).toBe(0);
    localStorage.setItem(`mixdesk.styles.${key}`, '{not json');
    document.head.replaceChildren();
    expect(() => restoreStyles(key)).not.toThrow();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('keeps the global styles too: the next visit takes them as they are, and drops one no screen takes', () => {
    const key = freshKey();
    const Baseline = () => <Global styles={{ body: { color: 'teal' } }} />;
    const visit = (el: React.ReactNode) => {
      const cache = trackGlobals(createCache({ key }));
      const insert = jest.spyOn(cache, 'insert');
      const view = render(<CacheProvider value={cache}>{el}</CacheProvider>);
      return { cache, insert, view };
    };
    const first = visit(<Baseline />);
    expect(first.insert).toHaveBeenCalledWith('', expect.anything(), expect.anything(), false);
    keepStyles(first.cache);
    first.view.unmount();
    const kept = JSON.parse(localStorage.getItem(`mixdesk.styles.${key}`) ?? '{}') as {
      globals: { name: string; css: string }[];
    };
    expect(kept.globals).toHaveLength(1);
    expect(kept.globals[0]!.css).toContain('teal');

    // The next visit takes the kept global sheet: nothing computed, the rule once in the page.
    document.head.replaceChildren();
    restoreStyles(key);
    const second = visit(<Baseline />);
    dropUnadoptedGlobals(key);
    expect(second.insert).not.toHaveBeenCalled();
    expect(rulesInPage().match(/teal/g)).toHaveLength(1);
    expect(getComputedStyle(document.body).color).toBe('teal');
    keepStyles(second.cache);
    expect(localStorage.getItem(`mixdesk.styles.${key}`)).toContain('teal');
    second.view.unmount();

    // A visit whose screens render no such global: the kept rule does not stay in the page.
    document.head.replaceChildren();
    restoreStyles(key);
    expect(rulesInPage()).toContain('teal');
    visit(<span>no global here</span>);
    dropUnadoptedGlobals(key);
    expect(rulesInPage()).not.toContain('teal');
    expect(getComputedStyle(document.body).color).not.toBe('teal');
  });

  it('a global whose styles changed is computed afresh, and kept under its new name only', () => {
    const key = freshKey();
    const cache = trackGlobals(createCache({ key }));
    const view = render(
      <CacheProvider value={cache}>
        <Global styles={{ body: { margin: 1 } }} />
      </CacheProvider>,
    );
    view.rerender(
      <CacheProvider value={cache}>
        <Global styles={{ body: { margin: 2 } }} />
      </CacheProvider>,
    );
    keepStyles(cache);
    const kept = JSON.parse(localStorage.getItem(`mixdesk.styles.${key}`) ?? '{}') as {
      globals: { name: string; css: string }[];
    };
    expect(kept.globals).toHaveLength(1);
    expect(kept.globals[0]!.css).toMatch(/margin: 2px/);
  });

  it('drops the kept styles rather than fill the storage', () => {
    const key = freshKey();
    localStorage.setItem(`mixdesk.styles.${key}`, JSON.stringify({ build: 'dev', names: [], css: '' }));
    const Huge = styled.div({ content: `"${'x'.repeat(410_000)}"` });
    const { cache } = renderWith(key, <Huge />);
    keepStyles(cache);
    expect(localStorage.getItem(`mixdesk.styles.${key}`)).toBeNull();
  });
});
