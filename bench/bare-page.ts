import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Page, Request } from 'playwright-core';

/**
 * The baseline of a console budget, measured in the same run as the screen: a bare page (plain
 * React, none of the console's shell: bench/bare-react-page.ts) that reads config.json, makes the
 * screen's own call (the route, the body and x-account-id the screen sent, captured from its first,
 * untimed navigation) with the same user's token, and renders the same rows. It is written into the
 * console's build folder for the run, so the same server serves it from the same origin with the
 * same CORS preflight: screen ÷ bare is what the shell and the screen add, whatever the machine's
 * speed.
 */
const DIST = path.resolve(__dirname, '..', 'web', 'dist');

/** The call a screen makes, as captured from its request. */
export interface ScreenCall {
  route: string; // Service/Method
  body: unknown;
  accountId: string | null;
}

/** The first call to `route` that `page` makes (resolved when it is sent). */
export function captureCall(page: Page, route: string): Promise<ScreenCall> {
  return new Promise((resolve) => {
    const onRequest = (r: Request) => {
      if (r.method() !== 'POST' || !new URL(r.url()).pathname.endsWith(`/${route}`)) return;
      page.off('request', onRequest);
      const headers = r.headers();
      resolve({ route, body: r.postDataJSON(), accountId: headers['x-account-id'] ?? null });
    };
    page.on('request', onRequest);
  });
}

export interface BareRows {
  /** A JS expression over `r` (the route's Response) giving the array of rows. */
  items: string;
  /** JS expressions over `x` (one row), one cell each. */
  cells: string[];
  /** The data-testid each row carries, as the screen's rows do. */
  testId: string;
  /** Each cell rendered as an input holding the value (an editable grid), not text. */
  inputs?: boolean;
  /** The input's name attribute of the first cell, when inputs. */
  inputName?: string;
}

let bundled: string | undefined;

/** The bare page's script (bench/bare-react-page.ts) with React, minified as production builds it: built once per run. */
function bareScript(): string {
  bundled ??= buildSync({
    entryPoints: [path.join(__dirname, 'bare-react-page.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).outputFiles[0].text;
  return bundled;
}

export function barePageHtml(title: string, call: ScreenCall, rows: BareRows): string {
  const bare = {
    route: call.route,
    headers: { 'Content-Type': 'application/json', ...(call.accountId ? { 'x-account-id': call.accountId } : {}) },
    body: JSON.stringify(call.body),
    ...rows,
  };
  // `<` escaped: the JSON and the script sit inside <script> elements.
  const inline = (text: string) => text.replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} (bare)</title></head>
<body><div id="root"></div>
<script>window.BARE = ${inline(JSON.stringify(bare))};</script>
<script>${bareScript().replace(/<\/script/gi, '<\\/script')}</script>
</body></html>
`;
}

/** Writes the bare page into web/dist for `fn`, and removes it after. Returns fn's result. */
export async function withBarePage<T>(file: string, html: string, fn: () => Promise<T>): Promise<T> {
  const at = path.join(DIST, file);
  writeFileSync(at, html);
  try {
    return await fn();
  } finally {
    rmSync(at, { force: true });
  }
}

/** Where a navigation's time went, in ms from its start (the browser's own resource timings). */
export interface NavigationTrace {
  /** The HTML document received. */
  html: number;
  /** The entry's modules run (DOMContentLoaded: module scripts run before it). */
  entryDone: number;
  /** The last script received: with shownObserver, of those asked for before the rows were in the page (the code they waited for). */
  scripts: number;
  /** The first API call sent: everything before it is the shell starting (config, session, i18n). */
  firstCall: number;
  /** The screen's own call sent and answered. */
  callSent: number;
  callDone: number;
  /** API calls made before the screen's own was answered. */
  callsBefore: number;
  /** The rows in the page, by the page's own clock (shownObserver); NaN without it. */
  rowsInPage: number;
  /** What the timed wait saw: the rows shown, from the bench's call to open the page. */
  shown: number;
  /** Each API call: its method, sent–answered. */
  calls?: string[];
}

/**
 * An init script noting when an element matching `selector` is first in the page, by the page's own
 * clocks: a trace then tells what the rows waited for (the code, the answer) from what the timed wait
 * adds (its delay in seeing them). Give the screen's and the bare page's context the same one.
 */
export const shownObserver = (selector: string) => `(() => {
  const sel = ${JSON.stringify(selector)};
  const seen = () => {
    if (window.__shownAt === undefined && document.querySelector(sel)) {
      window.__shownAt = performance.now();
    }
    return window.__shownAt !== undefined;
  };
  const mo = new MutationObserver(() => { if (seen()) mo.disconnect(); });
  mo.observe(document, { childList: true, subtree: true });
})();`;

/**
 * A page-side condition: each selector's first match is visible (as a locator's wait means it: a
 * box, not `visibility: hidden`). For `watchDrawn`.
 */
export function allVisible(selectors: string | readonly string[]): string {
  const all = JSON.stringify(typeof selectors === 'string' ? [selectors] : selectors);
  return `${all}.every((s) => {
    const el = document.querySelector(s);
    if (!el || !el.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  })`;
}

/**
 * How a console bench times a screen, set on its page before it is opened: from the document's
 * start, `condition` (a JS expression) is checked in the page at every animation frame, and the
 * page's own clock at the first frame where it holds is noted: ms since the navigation started.
 * `drawnAt` reads it. A locator's wait instead checks from this process at 0, 20, 50, 100 and
 * 100 ms, then every 500 ms: a screen that draws later was seen later by up to a step, which a
 * bare page drawing early did not pay; and a wait started after the page only sees what is there
 * by then.
 */
export async function watchDrawn(page: Page, condition: string, name = 'drawnAt'): Promise<void> {
  await page.addInitScript(`(() => {
    const check = () => {
      if (${condition}) window.__${name} = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
}

/** The frame `watchDrawn` noted (ms since the page's navigation started), once there is one. */
export async function drawnAt(page: Page, timeout = 20_000, name = 'drawnAt'): Promise<number> {
  const noted = await page.waitForFunction(`window.__${name}`, undefined, { polling: 'raf', timeout });
  return Math.round(Number(await noted.jsonValue()));
}

/**
 * As `watchDrawn`, for a screen that may first show the rows of its kept frame (`frame`, a JS
 * expression) before its own (`screen`), in one check per animation frame: `__drawnAt` when either
 * first held, `__frameAt` when the frame's did, `__screenAt` when the screen's did, and
 * `__rowlessFrames` counts the frames between the first and the screen's that showed neither.
 */
export async function watchFrameThenScreen(page: Page, frame: string, screen: string): Promise<void> {
  await page.addInitScript(`(() => {
    window.__rowlessFrames = 0;
    const check = () => {
      const now = performance.now();
      const own = ${screen};
      const kept = !own && (${frame});
      if ((own || kept) && !window.__drawnAt) window.__drawnAt = now;
      if (kept && !window.__frameAt) window.__frameAt = now;
      if (!own && !kept && window.__drawnAt) window.__rowlessFrames += 1;
      if (own) window.__screenAt = now;
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
}

/** The trace of the page's navigation, read once the rows are shown (`shown` ms after it started). */
export async function navigationTrace(page: Page, route: string, shown: number): Promise<NavigationTrace> {
  // A string, not a function: the bench runs through tsx, whose helpers (__name) the page lacks.
  const t = (await page.evaluate(`(() => {
    const r = ${JSON.stringify(route)};
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const api = res.filter((e) => /\\/[A-Za-z]+Service\\/[A-Za-z]+$/.test(new URL(e.name).pathname));
    const own = api.find((e) => e.name.endsWith('/' + r));
    const rowsAt = window.__shownAt ?? NaN;
    const scripts = res.filter((e) => new URL(e.name).pathname.endsWith('.js') && !(e.startTime > rowsAt));
    return {
      html: nav.responseEnd,
      entryDone: nav.domContentLoadedEventEnd,
      scripts: Math.max(0, ...scripts.map((e) => e.responseEnd)),
      rowsInPage: rowsAt,
      firstCall: Math.min(...api.map((e) => e.startTime)),
      callSent: own ? own.startTime : NaN,
      callDone: own ? own.responseEnd : NaN,
      callsBefore: api.filter((e) => own && e !== own && e.startTime < own.responseEnd).length,
      calls: api.map((e) => new URL(e.name).pathname.split('/').slice(-1)[0] + ' ' + Math.round(e.startTime) + '–' + Math.round(e.responseEnd)),
    };
  })()`)) as Omit<NavigationTrace, 'shown'>;
  return { ...t, shown };
}

/**
 * The main thread's busy time of a page (ms, Chromium's TaskDuration) from its creation: CPU the
 * page itself spent, which the machine's other work moves far less than it moves a wall clock.
 * Create it before the navigation; read it when the rows show.
 */
export async function mainThreadMeter(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return Math.round((metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000);
  };
}

/** The median of each phase over runs, rounded. */
export function medianTrace(traces: readonly NavigationTrace[]): NavigationTrace {
  const med = (k: Exclude<keyof NavigationTrace, 'calls'>) => {
    const v = traces.map((t) => t[k]).sort((a, b) => a - b);
    return Math.round(v[Math.floor(v.length / 2)]);
  };
  return {
    html: med('html'),
    entryDone: med('entryDone'),
    scripts: med('scripts'),
    firstCall: med('firstCall'),
    callSent: med('callSent'),
    callDone: med('callDone'),
    callsBefore: med('callsBefore'),
    rowsInPage: med('rowsInPage'),
    shown: med('shown'),
    calls: traces[traces.length - 1]?.calls,
  };
}

export function traceLine(t: NavigationTrace): string {
  if (process.env.BENCH_VERBOSE === '1' && t.calls) console.log(`    calls: ${t.calls.join(', ')}`);
  // Without the observer every script counts, those asked for after the rows too.
  const code = Number.isNaN(t.rowsInPage)
    ? `last script ${t.scripts}`
    : `the code the rows waited for ${t.scripts} → rows in the page ${t.rowsInPage}`;
  return `HTML ${t.html} ms → entry run ${t.entryDone} → first API call ${t.firstCall} → its own call ${t.callSent}–${t.callDone} (${t.callsBefore} other calls before it answered) → ${code} → shown ${t.shown}`;
}
