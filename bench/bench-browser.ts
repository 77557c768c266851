import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/harness';

/**
 * Chromium for a timed console bench, with a smaller share of the CPU than the local stack.
 * The local API and DynamoDB Local stand in for AWS, which never shares the browser's CPU. Linux
 * shares the CPU evenly between sessions (autogroups), and Playwright starts Chromium in a session of
 * its own: while the accounts grid loaded and rendered, its call often took 150–650 ms (DynamoDB
 * Local's JVM waiting) against 15–40 ms with the browser's session at nice 10, while the bare page's
 * call, made while its page does little, took 20–100 ms. Both pages run under the same setting.
 * Where the kernel has no autogroups, `demoted` is false and the benches print so.
 */
export interface BenchBrowser {
  browser: Browser;
  demoted: boolean;
}

export const BROWSER_NICE = 10;

export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const sessions = childProcesses(process.pid).filter((p) => /chrom/i.test(p.name));
  return { browser, demoted: sessions.length > 0 && lowerPriority(sessions.map((p) => p.pid)) };
}

/** Puts each process's session (autogroup) at BROWSER_NICE; false when the kernel refuses one. */
export function lowerPriority(pids: readonly number[]): boolean {
  let all = true;
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/autogroup`, String(BROWSER_NICE));
    } catch {
      all = false;
    }
  }
  return all;
}

export const priorityLine = (demoted: boolean) =>
  demoted
    ? `the browser at autogroup nice ${BROWSER_NICE}, below the local stack (bench/bench-browser.ts)`
    : 'the browser sharing the CPU evenly with the local stack (no autogroups here)';

/** This process's direct children (Linux /proc; none elsewhere), with their command names. */
export function childProcesses(parent: number): { pid: number; name: string }[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: { pid: number; name: string }[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === parent) out.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}
