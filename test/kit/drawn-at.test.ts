import { chromium, type Browser, type Page } from 'playwright-core';
import { allVisible, drawnAt, watchDrawn } from '../../bench/bare-page';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser/harness';

/**
 * The console benches' clock (bench/bare-page.ts `watchDrawn`, `drawnAt`): the moment a screen drew
 * what it is for, taken in the page at the frame that drew it. Checked against the page's own record
 * of its frames, so the test holds at any machine's speed: a wait that polls from outside (a
 * locator's steps of 100 and then 500 ms), or that starts late, reports a moment frames later.
 */
const ORIGIN = 'http://drawn-at.test';

/**
 * A page that adds `#late` 400 ms after it starts, hidden while `hiddenFor` ms pass, and notes its
 * clock when it is added, when shown, and at the two frames after.
 */
const latePage = (hiddenFor: number) => `<!doctype html><body><p id="early">early</p><script>
  const frames = () => requestAnimationFrame(() => {
    window.frame1 = performance.now();
    requestAnimationFrame(() => { window.frame2 = performance.now(); });
  });
  setTimeout(() => {
    const el = document.createElement('p');
    el.id = 'late';
    el.textContent = 'late';
    if (${hiddenFor}) el.style.visibility = 'hidden';
    document.body.append(el);
    window.added = performance.now();
    const show = () => { el.style.visibility = ''; window.shown = performance.now(); frames(); };
    if (${hiddenFor}) setTimeout(show, ${hiddenFor}); else show();
  }, 400);
</script></body>`;

describe('watchDrawn and drawnAt', () => {
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

  const open = async (html: string, condition: string) => {
    await page.route(`${ORIGIN}/`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
    await watchDrawn(page, condition);
    await page.goto(`${ORIGIN}/`, { waitUntil: 'commit' });
  };
  // drawnAt gives whole ms: the page's own notes are compared rounded outwards.
  const noted = async (key: string) =>
    Number(await (await page.waitForFunction(`window.${key}`, undefined, { timeout: 10_000 })).jsonValue());
  const expectDrawnBetweenShownAndSecondFrame = async (at: number) => {
    expect(at).toBeGreaterThanOrEqual(Math.floor(await noted('shown')));
    // Shown before the first of the two frames asked for then: drawn by that frame at the latest.
    expect(at).toBeLessThanOrEqual(Math.ceil(await noted('frame2')));
  };

  it('notes the frame that drew the element, not a later poll', async () => {
    await open(latePage(0), allVisible('#late'));
    await expectDrawnBetweenShownAndSecondFrame(await drawnAt(page));
  });

  it('notes it from the page’s start, however late the bench asks', async () => {
    await open(latePage(0), allVisible('#late'));
    await noted('frame2');
    await page.waitForTimeout(300);
    await expectDrawnBetweenShownAndSecondFrame(await drawnAt(page));
  });

  it('waits while the element is there but hidden', async () => {
    await open(latePage(300), allVisible('#late'));
    const at = await drawnAt(page);
    expect(await noted('added')).toBeLessThan(await noted('shown'));
    await expectDrawnBetweenShownAndSecondFrame(at);
  });

  it('waits for every selector', async () => {
    await open(latePage(0), allVisible(['#early', '#late']));
    await expectDrawnBetweenShownAndSecondFrame(await drawnAt(page));
  });

  it('gives up after its timeout when the condition never holds', async () => {
    await open('<p>nothing</p>', allVisible('#never'));
    await expect(drawnAt(page, 300)).rejects.toThrow(/Timeout/);
  });
});
