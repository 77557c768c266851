/** @jest-environment jsdom */
import '../testing/polyfills';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../lib/config';

/** The page as the server sends it. */
const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

describe("index.html asks for the configuration beside the console's code", () => {
  const links = () =>
    [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('link[rel="preload"]')].filter(
      (l) => l.getAttribute('href') === '/config.json',
    );

  it('once, as the fetch that loadConfig makes will take it', () => {
    expect(links()).toHaveLength(1);
    const [link] = links();
    // A preload is used only by a request of the same kind and mode: fetch() of a same-origin URL is
    // a CORS-mode request with same-origin credentials, which is what crossorigin="anonymous" makes.
    expect(link.getAttribute('as')).toBe('fetch');
    expect(link.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('at the address loadConfig reads by default', async () => {
    const asked: string[] = [];
    const realFetch = global.fetch;
    global.fetch = (async (url: string) => {
      asked.push(String(url));
      return { ok: true, json: async () => ({ apiUrl: 'https://api.test/', userPoolId: 'p', userPoolClientId: 'c' }) };
    }) as unknown as typeof fetch;
    try {
      await loadConfig();
    } finally {
      global.fetch = realFetch;
    }
    expect(asked).toEqual([links()[0].getAttribute('href')]);
  });
});
