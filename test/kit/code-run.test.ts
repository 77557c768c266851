import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { allVisible } from '../../bench/bare-page';
import { codeRunTo } from '../../bench/code-run';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser/harness';

/**
 * The console bench's count of the code a page runs until it draws what it is for (bench/code-run.ts),
 * in real Chromium against pages whose run is known exactly: the functions they call before the
 * element is drawn, not those they only define or call on a click, and none of the bench's own
 * scripts set on the page.
 */
const ORIGIN = 'http://code-run.test';

/** A script defining 20 functions, calling the first `called` of them (a1 three times), then adding `#done`. */
const appScript = (called: number) => {
  const defs = Array.from({ length: 20 }, (_, i) => `function a${i + 1}() { return ${i}; }`).join('\n');
  const calls = Array.from({ length: called }, (_, i) => `a${i + 1}();`).join(' ');
  return `${defs}
a1(); a1(); ${calls}
document.getElementById('later').addEventListener('click', () => { a19(); a20(); });
setTimeout(() => { const p = document.createElement('p'); p.id = 'done'; p.textContent = 'done'; document.body.append(p); }, 50);
`;
};

const page = `<!doctype html><body><button id="later">later</button>
<script>window.inline = 1;</script><script src="/app.js"></script></body>`;

describe('codeRunTo', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(() => browser?.close());
  beforeEach(async () => {
    ctx = await browser.newContext();
  });
  afterEach(() => ctx.close());

  const run = async (called: number) => {
    await ctx.route(`${ORIGIN}/`, (r) => r.fulfill({ contentType: 'text/html', body: page }));
    await ctx.route(`${ORIGIN}/app.js`, (r) => r.fulfill({ contentType: 'text/javascript', body: appScript(called) }));
    return codeRunTo(ctx, `${ORIGIN}/`, allVisible('#done'));
  };

  it('counts the functions the page ran before the frame, each once, and their calls', async () => {
    const r = await run(5);
    // The inline script's top level; app.js's top level, a1…a5 and the timer's callback.
    expect(r.functions).toBe(1 + 1 + 5 + 1);
    expect(r.calls).toBe(1 + 1 + (2 + 5) + 1);
    expect(r.byFile).toEqual([
      ['app.js', 7],
      ['/', 1],
    ]);
  });

  it('follows what the page runs: seven more functions called, seven more counted', async () => {
    const few = await run(5);
    await ctx.close();
    ctx = await browser.newContext();
    const more = await run(12);
    expect(more.functions - few.functions).toBe(7);
  });
});
