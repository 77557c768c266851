/** @jest-environment jsdom */
import '../testing/polyfills';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';

/** The page as the server sends it, before any script ran. */
const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

describe('the start-up bar of index.html', () => {
  beforeEach(() => {
    document.documentElement.innerHTML = new DOMParser()
      .parseFromString(html, 'text/html')
      .documentElement.innerHTML.replace(/<script[\s\S]*?<\/script>/g, '');
  });

  it('is decorative, stops with reduced motion and hides itself after 5 s', () => {
    const bar = document.querySelector('#root > .boot-bar');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(document.getElementById('root')?.children).toHaveLength(1);
    const css = document.querySelector('style')?.textContent ?? '';
    expect(css).toMatch(/prefers-reduced-motion: reduce\)\s*{\s*\.boot-bar::after\s*{[^}]*animation: none/);
    expect(css).toMatch(/animation: boot-bar-hide 0s 5s forwards/);
  });

  it("is replaced by the console's first render", () => {
    const root = createRoot(document.getElementById('root')!);
    act(() => root.render(<p>the screen</p>));
    expect(document.querySelector('.boot-bar')).toBeNull();
    expect(document.getElementById('root')?.textContent).toBe('the screen');
    act(() => root.unmount());
  });
});
