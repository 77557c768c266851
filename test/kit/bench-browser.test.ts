import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER_NICE, childProcesses, lowerPriority } from '../../bench/bench-browser';

/**
 * The console benches' browser runs below the local stack (bench/bench-browser.ts): found among this
 * process's children by name, and its session's autogroup lowered. Checked on real processes.
 */
const hasAutogroups = existsSync('/proc/self/autogroup');
const maybe = hasAutogroups ? it : it.skip;

describe('the bench browser’s priority', () => {
  const children: ChildProcess[] = [];
  // A program whose name holds a space and parentheses, as a process name may: /proc's stat line is read after its last ')'.
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-browser-'));
  const program = path.join(dir, 'odd (name) x');
  beforeAll(() => copyFileSync('/bin/sleep', program));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
  });

  const start = (detached: boolean) => {
    const child = spawn(program, ['30'], { detached, stdio: 'ignore' });
    children.push(child);
    return child;
  };

  maybe('finds this process’s children by pid and name, and no one else’s', async () => {
    const child = start(false);
    await new Promise((r) => setTimeout(r, 200));
    const found = childProcesses(process.pid);
    expect(found.map((p) => p.pid)).toContain(child.pid);
    expect(found.find((p) => p.pid === child.pid)?.name).toBe('odd (name) x');
    expect(childProcesses(child.pid!)).toEqual([]);
  });

  maybe('lowers a session of its own (as Playwright starts Chromium) to the bench nice', async () => {
    const child = start(true);
    await new Promise((r) => setTimeout(r, 200));
    const before = readFileSync(`/proc/${child.pid}/autogroup`, 'utf8');
    expect(before).toMatch(/nice 0/);
    expect(lowerPriority([child.pid!])).toBe(true);
    expect(readFileSync(`/proc/${child.pid}/autogroup`, 'utf8')).toMatch(new RegExp(`nice ${BROWSER_NICE}\\b`));
    // This process's own session is left as it was.
    expect(readFileSync('/proc/self/autogroup', 'utf8')).not.toMatch(new RegExp(`nice ${BROWSER_NICE}\\b`));
  });

  it('says so when a process cannot be lowered', () => {
    expect(lowerPriority([2 ** 31 - 1])).toBe(false);
  });
});
