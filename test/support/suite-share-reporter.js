/**
 * A jest reporter that keeps the run's shape honest: at the end it lists the ten slowest suites
 * and tests, writes every suite's time to artifacts/test-timings.json (a whole run's only: the
 * sequencer's recorded times are made from it), and fails the run when one
 * suite takes more than MAX_SUITE_SHARE of the time of all suites together. The share is a ratio
 * within one run, so a slower or busier machine does not change it much; a suite that grows past it
 * holds up a worker while the others wait, and is to be split or made to do less.
 *
 * MIXDESK_MAX_SUITE_SHARE overrides the share (0 < share ≤ 1). A run of fewer than MIN_SUITES
 * suites (one file, a filtered run) is not checked: there, one suite is the whole by design.
 */
const fs = require('node:fs');
const path = require('node:path');

const MAX_SUITE_SHARE = Number(process.env.MIXDESK_MAX_SUITE_SHARE ?? 0.1);
const MIN_SUITES = 40;
/** A test that takes longer than this here would pass its 60 s timeout with little room on a machine 3× slower. */
const SLOW_TEST_MS = 20_000;

class SuiteShareReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.error = undefined;
  }

  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .filter((r) => r.perfStats && r.perfStats.end > 0)
      .map((r) => ({
        file: path.relative(this.rootDir, r.testFilePath),
        ms: r.perfStats.end - r.perfStats.start,
        tests: r.testResults,
      }));
    const total = suites.reduce((s, x) => s + x.ms, 0);
    if (!suites.length || total <= 0) return;
    const wall = Math.max(...results.testResults.map((r) => r.perfStats?.end ?? 0)) - results.startTime;
    const bySuite = [...suites].sort((a, b) => b.ms - a.ms);
    const tests = suites
      .flatMap((s) => s.tests.map((t) => ({ name: `${s.file} › ${t.fullName}`, ms: t.duration ?? 0 })))
      .sort((a, b) => b.ms - a.ms);
    const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      '',
      `Suites: ${suites.length}, ${sec(total)} of suite time in ${sec(wall)} (${(total / Math.max(wall, 1)).toFixed(2)} suites at a time on average)`,
      'Ten slowest suites:',
      ...bySuite
        .slice(0, 10)
        .map((s) => `  ${sec(s.ms).padStart(8)}  ${((100 * s.ms) / total).toFixed(1).padStart(4)} %  ${s.file}`),
      'Ten slowest tests:',
      ...tests.slice(0, 10).map((t) => `  ${sec(t.ms).padStart(8)}  ${t.name}`),
    ];
    const slowTests = tests.filter((t) => t.ms > SLOW_TEST_MS);
    if (slowTests.length)
      lines.push(`Tests over ${sec(SLOW_TEST_MS)}: ${slowTests.length} (keep a test's work well inside its timeout)`);
    process.stderr.write(`${lines.join('\n')}\n`);
    if (suites.length < MIN_SUITES) return;
    try {
      const dir = path.join(this.rootDir, 'artifacts');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'test-timings.json'),
        `${JSON.stringify({ wallMs: wall, suiteMs: total, suites: bySuite.map((s) => ({ file: s.file, ms: s.ms })), slowestTests: tests.slice(0, 50) }, null, 1)}\n`,
      );
    } catch {
      // The timings file is a convenience: a read-only tree does not fail the run.
    }
    const over = bySuite.filter((s) => s.ms / total > MAX_SUITE_SHARE);
    if (over.length) {
      this.error = new Error(
        `${over.map((s) => `${s.file} took ${((100 * s.ms) / total).toFixed(1)} % of all suite time`).join('; ')}: more than ${(100 * MAX_SUITE_SHARE).toFixed(0)} %. Split the suite or make it do less (a long run belongs in npm run bench).`,
      );
      process.stderr.write(`\n✘ ${this.error.message}\n`);
    }
  }

  getLastError() {
    return this.error;
  }
}

module.exports = SuiteShareReporter;
