import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { JourneyFailure } from './harness';

/**
 * axe-core at every screen a journey visits. A small script in each document watches for a new
 * screen (the address changed) and for a dialog or menu that opened; once that screen is still (no
 * DOM change for QUIET_MS and no transition running, or MAX_WAIT_MS at most) it asks the runner to
 * audit it, and the page waits for the verdict. So journeys call nothing: every route change, full
 * load and dialog is audited where the journey's own waits leave it. axe is injected only when a
 * screen is audited (it is test-only: it never enters the console's bundle).
 *
 * A journey fails at its end with every serious or critical violation seen, once each: rule, impact,
 * the screen, the element's selector and axe's help.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const QUIET_MS = 250;
const MAX_WAIT_MS = 3000;

/**
 * Findings that are not failures of the product, each with why. A rule stays on everywhere else:
 * only elements matching `selector` are spared, and only for `rule`.
 */
const FALSE_POSITIVES: { rule: string; selector: string; why: string }[] = [];

/**
 * A function of this file as a script for the page, called with `arg`. tsx compiles with esbuild's
 * keepNames, which wraps named functions in a `__name` helper the page does not have.
 */
const inPage = (fn: (arg: never) => unknown, arg: unknown) =>
  `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;

let axeSource: string | undefined;
const source = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

interface Finding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  target: string;
  /** The element's opening tag, as axe quotes it (its classes say what it is where a selector cannot). */
  html: string;
  summary: string;
}

export interface Audits {
  /** Audits the screen as it is now (a journey may ask where the watcher could not know). */
  now: (page: Page, label: string) => Promise<void>;
  /** Waits for the audits still due, then throws the violations seen, if any. */
  finish: () => Promise<{ screens: number; ms: number }>;
}

/** In the page: the watcher. Serialised into every document of the page (addInitScript). */
function watchScreens({ quiet, maxWait }: { quiet: number; maxWait: number }) {
  if (window.top !== window) return;
  const w = window as unknown as Record<string, unknown>;
  const seen = new WeakSet<Element>();
  let href = '';
  let reasons: string[] = [];
  let since = 0;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<unknown> | null = null;
  const moving = () =>
    document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
  const fire = (): Promise<unknown> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (reasons.length === 0) return inflight ?? Promise.resolve();
    const why = reasons.join(', ');
    reasons = [];
    const audit = (w.__axeScreen as (r: string) => Promise<unknown>)(why).catch(() => undefined);
    inflight = audit.finally(() => {
      inflight = null;
      if (reasons.length) schedule();
    });
    return inflight;
  };
  const tick = () => {
    timer = undefined;
    const now = Date.now();
    if (inflight) return schedule();
    // A transition (a dialog fading in or out) is waited out even past maxWait: half-faded text
    // fails contrast. Twice maxWait at most, should something never stop moving.
    if (moving() && now - since < 2 * maxWait) return schedule();
    if (now - since < maxWait && now - last < quiet) return schedule();
    void fire();
  };
  function schedule() {
    timer ??= setTimeout(tick, quiet / 2);
  }
  const look = () => {
    last = Date.now();
    const found: string[] = [];
    if (location.href !== href) {
      href = location.href;
      found.push(`screen ${location.pathname}${location.search}`);
    }
    for (const el of Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]'))) {
      if (seen.has(el)) continue;
      seen.add(el);
      found.push(el.getAttribute('role') as string);
    }
    if (found.length === 0) return;
    if (reasons.length === 0) since = Date.now();
    reasons.push(...found);
    schedule();
  };
  /** Audits what is due now, once what moves has stopped (1.5 s at most). */
  w.__axeFlush = async () => {
    for (let t = 0; t < 30 && moving(); t++) await new Promise((r) => setTimeout(r, 50));
    return fire();
  };
  const start = () => {
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    look();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

/**
 * In the page: axe on the whole document, the failing findings as plain data. While a modal is open
 * (a dialog or drawer over a dimmed page), what is under its backdrop is inert: its contrast is
 * measured when it is on top, not through the dim. A contrast failure is measured again once
 * nothing moves: a button fading from disabled to enabled while axe ran is not what users read.
 */
async function runAxe({
  tags,
  impacts,
  spared,
}: {
  tags: string[];
  impacts: string[];
  spared: { rule: string; selector: string }[];
}): Promise<Finding[]> {
  const axe = (window as unknown as { axe: any }).axe;
  const options = { resultTypes: ['violations'], elementRef: true };
  const res = await axe.run(document, { ...options, runOnly: { type: 'tag', values: tags } });
  const dimmed = document.querySelector('.MuiBackdrop-root:not(.MuiBackdrop-invisible)') !== null;
  const underModal = (el: Element | undefined) => dimmed && !!el && !el.closest('.MuiModal-root');
  const failing = (res.violations as any[]).flatMap((v) =>
    (v.nodes as any[])
      .map((n) => ({ v, n, el: n.element as Element | undefined }))
      .filter(({ n }) => impacts.includes(n.impact ?? v.impact))
      .filter(({ el }) => !spared.some((s) => s.rule === v.id && el?.matches(s.selector)))
      .filter(({ el }) => !(v.id === 'color-contrast' && underModal(el))),
  );
  const contrast = failing.filter((f) => f.v.id === 'color-contrast' && f.el?.isConnected).map((f) => f.el as Element);
  let stillLow = new Set<Element>();
  if (contrast.length > 0) {
    const moving = () =>
      document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    for (let t = 0; t < 30 && moving(); t++) await new Promise((r) => setTimeout(r, 50));
    const again = await axe.run(
      { include: contrast },
      { ...options, runOnly: { type: 'rule', values: ['color-contrast'] } },
    );
    stillLow = new Set((again.violations as any[]).flatMap((v) => (v.nodes as any[]).map((n) => n.element)));
  }
  return failing
    .filter(({ v, el }) => v.id !== 'color-contrast' || (el && stillLow.has(el)))
    .map(({ v, n }) => ({
      rule: v.id,
      impact: n.impact ?? v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      target: (n.target as unknown[]).map(String).join(' >> '),
      html: String(n.html ?? '').slice(0, 160),
      summary: String(n.failureSummary ?? '')
        .split('\n')
        .slice(1, 2)
        .join(' ')
        .trim(),
    }));
}

/** Watches every page given to it; one per journey. */
export function journeyAudits(): Audits & { attach: (page: Page) => Promise<void> } {
  const findings = new Map<string, Finding & { screen: string }>();
  let queue: Promise<void> = Promise.resolve();
  let screens = 0;
  let ms = 0;
  const pages: Page[] = [];

  const audit = (frame: Frame, label: string): Promise<void> => {
    const run = async () => {
      const t0 = Date.now();
      try {
        if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(source());
        const found = (await frame.evaluate(
          inPage(runAxe, {
            tags: WCAG_TAGS,
            impacts: [...FAILING_IMPACTS],
            spared: FALSE_POSITIVES.map(({ rule, selector }) => ({ rule, selector })),
          }),
        )) as Finding[];
        const url = new URL(frame.url());
        const opened = label.split(', ').filter((r) => !r.startsWith('screen '));
        const where = `${url.pathname}${url.search}${opened.length ? ` with a ${opened.at(-1)} open` : ''}`;
        for (const f of found) {
          const key = `${f.rule}|${f.target}|${where.replace(/\d+/g, '#')}`;
          if (!findings.has(key)) findings.set(key, { ...f, screen: where });
        }
        screens += 1;
      } catch {
        // The page moved on (a navigation destroyed the document) or closed: that screen is not audited.
      } finally {
        ms += Date.now() - t0;
      }
    };
    queue = queue.then(run);
    return queue;
  };

  return {
    async attach(page) {
      pages.push(page);
      await page.exposeBinding('__axeScreen', ({ frame }, reason: string) => audit(frame, reason));
      await page.addInitScript({ content: inPage(watchScreens, { quiet: QUIET_MS, maxWait: MAX_WAIT_MS }) });
      // A journey that goes to another address before the screen was still: audit it as it is first.
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => {
        await flush(page);
        return goto(...args);
      };
    },
    now: (page, label) => audit(page.mainFrame(), label),
    async finish() {
      for (const p of pages) await flush(p);
      await queue;
      if (findings.size > 0) throw new JourneyFailure(report([...findings.values()]));
      return { screens, ms };
    },
  };
}

/** Audits at once what the page's watcher still waits to audit, and waits for it. */
async function flush(page: Page): Promise<void> {
  if (page.isClosed()) return;
  await page
    .evaluate(() => (window as unknown as { __axeFlush?: () => Promise<unknown> }).__axeFlush?.())
    .catch(() => undefined);
}

/** One entry per rule and screen: its help, the first elements' selectors and why the first fails. */
function report(found: (Finding & { screen: string })[]): string {
  const groups = new Map<string, (Finding & { screen: string })[]>();
  for (const f of found) {
    const key = `${f.rule}|${f.screen}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [`accessibility: ${found.length} serious or critical axe-core finding(s) (WCAG 2.2 A/AA)`];
  for (const fs of groups.values()) {
    const [f] = fs;
    const more = fs.length > 4 ? ` (+${fs.length - 4} more)` : '';
    lines.push(`  [${f.impact}] ${f.rule}: ${f.help} (${f.helpUrl.replace(/\?.*$/, '')})`);
    lines.push(
      `      on ${f.screen}: ${fs
        .slice(0, 4)
        .map((x) => x.target)
        .join(' | ')}${more}`,
    );
    lines.push(`      ${f.html}`);
    if (f.summary) lines.push(`      ${f.summary}`);
  }
  return lines.join('\n');
}
