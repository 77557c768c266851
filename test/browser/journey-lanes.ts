import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, type Journey } from './harness';

/**
 * The journeys in lanes: each lane a child process running run-journeys.ts with its own local stack
 * and browser, the lanes side by side. Run one after the other, the journeys left the machine about
 * a third idle (the browser waiting on the API, the API on DynamoDB Local, a screen's debounce or
 * transition), so a second lane costs each journey less than it saves.
 *
 * A lane's journeys run in name order, as one run did, on a stack of their own, so a journey must not
 * rely on what another one did (none does: which lane a journey lands in follows the times). The
 * split takes the last whole run's times
 * (journey-times.json: copy artifacts/journey-timings.json there after a run to refresh it), each
 * journey, heaviest first, to the lane with the least so far.
 */
export interface JourneyResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/** What a lane's process is to run, and where it writes what came of it. */
interface Lane {
  names: string[];
  results: string;
}

const LANE_ENV = 'MIXDESK_JOURNEY_LANE';
const TIMES_FILE = path.join(__dirname, 'journey-times.json');
const TIMINGS_OUT = path.join(REPO_ROOT, 'artifacts', 'journey-timings.json');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
/** A journey the times do not know yet weighs this much. */
const UNKNOWN_MS = 10_000;
/** Fewer journeys than this (a filtered run) are not worth another stack's start. */
const MIN_FOR_LANES = 4;

/** MIXDESK_JOURNEY_LANES (default 2; 1 runs them in this process, one after the other). */
export function laneCount(journeys: number): number {
  const asked = Number(process.env.MIXDESK_JOURNEY_LANES ?? 2);
  const lanes = Number.isInteger(asked) && asked >= 1 ? asked : 2;
  return journeys >= MIN_FOR_LANES ? Math.min(lanes, journeys) : 1;
}

/** The journeys in `lanes` lanes by their times, heaviest first to the lightest lane; each lane in the given order. */
export function splitLanes(names: readonly string[], times: Record<string, number>, lanes: number): string[][] {
  const weight = (n: string) => (Number.isFinite(times[n]) && times[n] > 0 ? times[n] : UNKNOWN_MS);
  const load = new Array<number>(lanes).fill(0);
  const laneOf = new Map<string, number>();
  for (const name of [...names].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = load.indexOf(Math.min(...load));
    laneOf.set(name, lightest);
    load[lightest] += weight(name);
  }
  return load.map((_, i) => names.filter((n) => laneOf.get(n) === i));
}

function readTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** This process's lane, when it is one. */
export function laneOfThisProcess(): Lane | undefined {
  const raw = process.env[LANE_ENV];
  return raw ? (JSON.parse(raw) as Lane) : undefined;
}

export function writeLaneResults(lane: Lane, results: JourneyResult[]): void {
  writeFileSync(lane.results, JSON.stringify(results));
}

/** This run's time per journey, for journey-times.json. */
export function keepJourneyTimes(results: JourneyResult[]): void {
  mkdirSync(path.dirname(TIMINGS_OUT), { recursive: true });
  const times = Object.fromEntries(
    [...results].sort((a, b) => a.name.localeCompare(b.name)).map((r) => [r.name, r.ms]),
  );
  writeFileSync(TIMINGS_OUT, `${JSON.stringify(times, null, 2)}\n`);
}

export async function runInLanes(journeys: Journey[], lanes: number): Promise<JourneyResult[]> {
  const split = splitLanes(
    journeys.map((j) => j.name),
    readTimes(),
    lanes,
  ).filter((names) => names.length > 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'journey-lanes-'));
  const children: ChildProcess[] = [];
  // Stopped (Ctrl-C, a CI timeout), the lanes stop too: each holds a stack and a browser.
  const stop = (signal: NodeJS.Signals) => {
    for (const c of children) c.kill(signal);
    process.exit(1);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  try {
    const all = await Promise.all(
      split.map((names, i) =>
        runLane(i + 1, { names, results: path.join(dir, `lane-${i + 1}.json`) }, (c) => children.push(c)),
      ),
    );
    return all.flat();
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One lane's process, its output passed on line by line under its number. */
function runLane(n: number, lane: Lane, started: (child: ChildProcess) => void): Promise<JourneyResult[]> {
  console.log(`[${n}] ${lane.names.join(', ')}`);
  const child = spawn(TSX, [path.join(__dirname, 'run-journeys.ts')], {
    env: { ...process.env, SKIP_WEB_BUILD: '1', [LANE_ENV]: JSON.stringify(lane) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started(child);
  createInterface({ input: child.stdout }).on('line', (l) => console.log(`[${n}] ${l}`));
  createInterface({ input: child.stderr }).on('line', (l) => console.error(`[${n}] ${l}`));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (existsSync(lane.results)) return resolve(JSON.parse(readFileSync(lane.results, 'utf8')) as JourneyResult[]);
      // The lane stopped before it could say: each of its journeys failed, with why.
      const error = `lane ${n} exited with ${code} before writing its results`;
      resolve(lane.names.map((name) => ({ name, ok: false, ms: 0, error })));
    });
  });
}
