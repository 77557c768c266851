import type { BrowserContext, Page } from 'playwright-core';

/**
 * Where a screen's main-thread time goes: one navigation under Chromium's CPU profiler (through the
 * DevTools protocol), its samples summed by self time per function and per script file. Opt-in
 * (`BENCH_PROFILE=1`): the profiler slows the page, so a profiled run is never a timed one. For the
 * libraries' and components' own names, profile an unminified build (`CONSOLE_UNMINIFIED=1 vite build
 * --config web/vite.config.mts`, then the bench with `SKIP_WEB_BUILD=1`; its sizes and times are not
 * the budgets'); `BENCH_PROFILE_TOP=n` lists more functions.
 */
interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** CSS-in-JS at that moment: the rules emotion inserted, and the distinct classes in the page per MUI component. */
  styles?: { rules: number; byLabel: [string, number][] };
  byFile: [string, number][];
  byFunction: [string, number][];
  /** Time with the function anywhere on the stack (its callees included), by name: with an unminified build (CONSOLE_UNMINIFIED=1) the components and libraries by their own names. */
  inclusive: [string, number][];
}

const shortUrl = (url: string) => (url ? (new URL(url).pathname.split('/').pop() ?? url) : '(native)');

export function summarise(profile: Profile, top = Number(process.env.BENCH_PROFILE_TOP ?? 12)): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const files = new Map<string, number>();
  const fns = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') return;
    total += ms;
    const file = f.url ? shortUrl(f.url) : f.functionName;
    files.set(file, (files.get(file) ?? 0) + ms);
    const fn = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
    const onStack = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const name = byId.get(n)!.callFrame.functionName;
      if (name && name !== '(root)') onStack.add(name);
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  });
  const sorted = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => [k, Math.round(v)] as [string, number]);
  return {
    totalMs: Math.round(total),
    byFile: sorted(files),
    byFunction: sorted(fns),
    inclusive: sorted(inclusive),
  };
}

/** Opens `url` in a new page under the profiler until `ready` resolves; the summary of its samples. */
export async function profileNavigation(
  ctx: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<ProfileSummary> {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url);
    await ready(page);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const styles = (await page.evaluate(EMOTION_RULES)) as ProfileSummary['styles'];
    return { ...summarise(profile), styles };
  } finally {
    await cdp.detach();
    await page.close();
  }
}

/**
 * Counts the rules of emotion's style sheets, and the distinct emotion classes (`<key>-<hash>`) in the page by the MUI
 * component that carries them (its `Mui…-root` class; else the element's tag): which components'
 * styles the first frame had to compute and insert.
 */
const EMOTION_RULES = `(() => {
  let rules = 0;
  for (const el of document.querySelectorAll('style[data-emotion]')) rules += el.sheet ? el.sheet.cssRules.length : 0;
  const keys = new Set([...document.querySelectorAll('style[data-emotion]')].map((el) => el.dataset.emotion.split(' ')[0]));
  const emotionClass = (c) => keys.has(c.slice(0, c.indexOf('-')));
  const seen = new Map();
  for (const el of document.querySelectorAll('[class]')) {
    const classes = [...el.classList];
    const owner = classes.find((c) => /^Mui[A-Za-z]+-root$/.test(c)) || el.tagName.toLowerCase();
    for (const c of classes) if (emotionClass(c)) seen.set(c, owner);
  }
  const byLabel = {};
  for (const owner of seen.values()) byLabel[owner] = (byLabel[owner] || 0) + 1;
  return { rules, byLabel: Object.entries(byLabel).sort((a, b) => b[1] - a[1]).slice(0, 25) };
})()`;

export function printProfile(title: string, p: ProfileSummary): void {
  console.log(`\n  ${title}: ${p.totalMs} ms of main-thread samples (idle excluded)`);
  console.log('    by script file:');
  for (const [k, v] of p.byFile) console.log(`      ${String(v).padStart(6)} ms  ${k}`);
  console.log('    by function (self time):');
  for (const [k, v] of p.byFunction) console.log(`      ${String(v).padStart(6)} ms  ${k}`);
  console.log('    by function (with its callees):');
  for (const [k, v] of p.inclusive) console.log(`      ${String(v).padStart(6)} ms  ${k}`);
  if (!p.styles) return;
  console.log(`    CSS-in-JS rules inserted: ${p.styles.rules}; distinct classes in the page by component:`);
  for (const [k, v] of p.styles.byLabel) console.log(`      ${String(v).padStart(6)}  ${k}`);
}
