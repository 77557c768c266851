import type { BrowserContext } from 'playwright-core';
import { drawnAt, watchDrawn } from './bare-page';

/**
 * How much distinct code a page runs until it draws what it is for: the functions of its own
 * scripts run at least once (V8's precise coverage with call counts), and their calls. Unlike a
 * time, the figure hardly depends on the machine, and it is what the console's start costs: a
 * function run for the first time is compiled and run cold, and the console's first frame runs
 * several times the distinct code of its bare page (docs/benchmarks.md). The coverage slows the
 * page, so this is an untimed navigation of its own. Only scripts the page loaded count (an http
 * or https URL, inline ones under the page's); the bench's and Playwright's scripts do not.
 */
export interface CodeRun {
  /** Distinct functions run at least once, each script's top level included. */
  functions: number;
  calls: number;
  /** Functions run per script file (the page's own inline scripts under its name), most first. */
  byFile: [string, number][];
}

interface Coverage {
  result: { url: string; functions: { ranges: { count: number }[] }[] }[];
}

/** Opens `url` in a new page of `ctx` and counts the code it runs until `condition` (watchDrawn's) holds. */
export async function codeRunTo(
  ctx: BrowserContext,
  url: string,
  condition: string,
  timeout = 30_000,
): Promise<CodeRun> {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await watchDrawn(page, condition);
    await page.goto(url, { waitUntil: 'commit' });
    await drawnAt(page, timeout);
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as Coverage;
    return countRun(result);
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

function countRun(scripts: Coverage['result']): CodeRun {
  const files = new Map<string, number>();
  let functions = 0;
  let calls = 0;
  for (const s of scripts) {
    if (!/^https?:/.test(s.url)) continue;
    const file = new URL(s.url).pathname.split('/').pop() || '/';
    for (const f of s.functions) {
      const count = f.ranges[0]?.count ?? 0;
      if (count === 0) continue;
      functions += 1;
      calls += count;
      files.set(file, (files.get(file) ?? 0) + 1);
    }
  }
  return { functions, calls, byFile: [...files].sort((a, b) => b[1] - a[1]) };
}

/** The report line: the screen's run against its bare page's, and the screen's files that ran the most. */
export function codeRunLine(screen: CodeRun, bare: CodeRun): string {
  const top = screen.byFile
    .slice(0, 5)
    .map(([f, n]) => `${f} ${n}`)
    .join(', ');
  return `code run to the first frame: ${screen.functions} functions (${screen.calls} calls) against the bare page's ${bare.functions} (${bare.calls}): ${(screen.functions / bare.functions).toFixed(2)}× (reported; most in ${top})`;
}
