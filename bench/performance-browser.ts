import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../test/browser/harness';
import { launchBenchBrowser, priorityLine } from './bench-browser';
import {
  allVisible,
  drawnAt,
  medianTrace,
  navigationTrace,
  watchDrawn,
  watchFrameThenScreen,
  type NavigationTrace,
} from './bare-page';
import { codeRunTo, type CodeRun } from './code-run';
import { median } from './stats';

/**
 * The performance screens (activity performance, Reports, the manager dashboard) in real headless
 * Chromium (bench/performance.ts): a signed-in user opens a URL in a new tab; timed from navigation
 * until what the screen is for is visible. A first, untimed run warms the server and the browser's
 * cache; then the median of RUNS. A screen that still shows the
 * "coming soon" placeholder (web/src/app/planned-screens.tsx) is reported as not built yet.
 */
export const SCREEN_BUDGET_MS = 1500;
const RUNS = 5;

export interface ScreenTarget {
  name: string;
  url: string;
  /** Every selector must be visible. */
  visible: string[];
  /** The screen's own route (Service/Method): each timed run's navigation is traced (bench/bare-page.ts). */
  trace?: string;
  /** Also count the code the screen runs until it is shown, in one more, untimed navigation (bench/code-run.ts). */
  codeRun?: boolean;
  /**
   * The screen may first show its kept frame (web/src/lib/first-frame): these selectors then count
   * as shown too, the screen's own time is reported beside, and the untimed first run waits until
   * `kept` (a JS expression) holds, as after a visit the user stayed on.
   */
  frame?: { visible: string[]; kept: string };
}

export type ScreenFigure = { name: string; url: string } & (
  | {
      state: 'measured';
      medianMs: number;
      runs: number[];
      trace?: NavigationTrace;
      code?: CodeRun;
      /** With a `frame`: the screen's own rows, and how many runs showed the frame first. */
      own?: { medianMs: number; runs: number[]; framed: number };
    }
  | { state: 'not built yet' }
  | { state: 'failed'; error: string }
);

async function signIn(page: Page, webUrl: string, email: string): Promise<void> {
  await page.goto(`${webUrl}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** When the screen drew what it is for (ms since its navigation started, bench/bare-page.ts `watchDrawn`), or 'placeholder' when the planned screen's "coming soon" is there instead. */
async function waitShown(page: Page): Promise<number | 'placeholder'> {
  const shown = drawnAt(page, 30_000);
  const placeholder = page
    .getByTestId('coming-soon')
    .waitFor({ state: 'visible', timeout: 30_000 })
    .then(
      () => 'placeholder' as const,
      () => new Promise<never>(() => {}),
    );
  return Promise.race([shown, placeholder]);
}

export async function measureScreens(
  webUrl: string,
  email: string,
  targets: readonly ScreenTarget[],
): Promise<ScreenFigure[]> {
  const { browser, demoted } = await launchBenchBrowser();
  console.log(`Timed with ${priorityLine(demoted)}.`);
  const out: ScreenFigure[] = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const login = await ctx.newPage();
    await signIn(login, webUrl, email);
    await login.close();
    for (const t of targets) {
      const runs: number[] = [];
      const traces: NavigationTrace[] = [];
      let figure: ScreenFigure | undefined;
      const own = { runs: [] as number[], framed: 0 };
      for (let run = 0; run < RUNS + 1 && !figure; run++) {
        const page = await ctx.newPage();
        try {
          if (t.frame) await watchFrameThenScreen(page, allVisible(t.frame.visible), allVisible(t.visible));
          else await watchDrawn(page, allVisible(t.visible));
          await page.goto(`${webUrl}${t.url}`, { waitUntil: 'commit' });
          const seen = await waitShown(page);
          if (seen === 'placeholder') figure = { name: t.name, url: t.url, state: 'not built yet' };
          else if (run > 0) {
            runs.push(seen);
            if (t.trace) traces.push(await navigationTrace(page, t.trace, seen));
            if (t.frame) {
              own.runs.push(await drawnAt(page, 30_000, 'screenAt'));
              if (await page.evaluate('window.__frameAt')) own.framed += 1;
            }
          } else if (t.frame)
            await page
              .waitForFunction(t.frame.kept, undefined, { timeout: 10_000 })
              .catch(() => console.log(`  (${t.name}: no frame kept on the first visit)`));
        } catch (err) {
          figure = { name: t.name, url: t.url, state: 'failed', error: (err as Error).message.split('\n')[0] };
        } finally {
          await page.close();
        }
      }
      const trace = traces.length ? medianTrace(traces) : undefined;
      const code = !figure && t.codeRun ? await codeRunTo(ctx, `${webUrl}${t.url}`, allVisible(t.visible)) : undefined;
      const ownFigure = t.frame ? { medianMs: median(own.runs), ...own } : undefined;
      out.push(
        figure ?? {
          name: t.name,
          url: t.url,
          state: 'measured',
          medianMs: median(runs),
          runs,
          trace,
          code,
          own: ownFigure,
        },
      );
    }
  } finally {
    await browser.close();
  }
  return out;
}
