import { chromium, type Browser, type Page } from 'playwright-core';
import { drawnAt } from '../../bench/bare-page';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser/harness';

/**
 * The console benches' clock (bench/bare-page.ts `drawnAt`): the moment a screen drew what it is
 * for, taken in the page at the frame that drew it. Checked against the page's own record of that
 * frame, so the test holds at any machine's speed: a wait that polls from outside (a locator's
 * steps of 100 and then 500 ms) reports a moment frames later.
 */
describe('drawnAt', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(() => page.close());

  /**
   * A page that adds `#late` 400 ms after it starts, hidden while `hiddenFor` ms pass, and notes the
   * page's clock when it is shown and at the two frames after.
   */
  const latePage = (hiddenFor: number) => `<!doctype html><body><p id="early">early</p><script>
    const frames = (key) => requestAnimationFrame(() => {
      window[key + 1] = performance.now();
      requestAnimationFrame(() => { window[key + 2] = performance.now(); });
    });
    setTimeout(() => {
      const el = document.createElement('p');
      el.id = 'late';
      el.textContent = 'late';
      if (${hiddenFor}) el.style.visibility = 'hidden';
      document.body.append(el);
      window.added = performance.now();
      const show = () => { el.style.visibility = ''; window.shown = performance.now(); frames('frame'); };
      if (${hiddenFor}) setTimeout(show, ${hiddenFor}); else show();
    }, 400);
  </script></body>`;
  const secondFrame = async () => Number(await (await page.waitForFunction('window.frame2')).jsonValue());
  // drawnAt gives whole ms: the page's own notes are compared rounded outwards.
  const noted = (key: string) => page.evaluate((k) => (window as unknown as Record<string, number>)[k], key);

  it('reports the frame that drew the element, not a later poll', async () => {
    await page.setContent(latePage(0), { waitUntil: 'commit' });
    const at = await drawnAt(page, '#late');
    expect(at).toBeGreaterThanOrEqual(Math.floor(await noted('shown')));
    // The element was added before the first of the two frames asked for then: it is drawn by that frame, at the latest.
    expect(at).toBeLessThanOrEqual(Math.ceil(await secondFrame()));
  });

  it('waits while the element is there but hidden', async () => {
    await page.setContent(latePage(300), { waitUntil: 'commit' });
    const at = await drawnAt(page, '#late');
    expect(await noted('added')).toBeLessThan(await noted('shown'));
    expect(at).toBeGreaterThanOrEqual(Math.floor(await noted('shown')));
    expect(at).toBeLessThanOrEqual(Math.ceil(await secondFrame()));
  });

  it('waits for every selector', async () => {
    await page.setContent(latePage(0), { waitUntil: 'commit' });
    const at = await drawnAt(page, ['#early', '#late']);
    expect(at).toBeGreaterThanOrEqual(Math.floor(await noted('shown')));
  });

  it('gives up after its timeout when the element never comes', async () => {
    await page.setContent('<p>nothing</p>');
    await expect(drawnAt(page, '#never', 300)).rejects.toThrow(/Timeout/);
  });
});
