/**
 * jest's test sequencer, with a memory that a fresh clone has too. jest runs the slowest suites
 * first so no worker is left with a long one at the end, but it knows a suite's time only from its
 * own cache, which a fresh clone (CI) does not have: it then orders by file size, and a small file
 * that starts a long generated suite (a fuzz shard) would run last and alone. Here a suite's time
 * comes from jest's cache when it has one, else from suite-times.json beside this file (committed,
 * written from a whole run's artifacts/test-timings.json by `node test/support/sequencer.js
 * --save`); a suite in neither (a new file) runs after the known ones, larger files first.
 */
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '../..');
const TIMES_FILE = path.join(__dirname, 'suite-times.json');

function committedTimes() {
  try {
    return JSON.parse(fs.readFileSync(TIMES_FILE, 'utf8'));
  } catch {
    return {};
  }
}

class RecordedTimesSequencer extends Sequencer {
  constructor(...args) {
    super(...args);
    this.committed = committedTimes();
  }

  time(test) {
    return super.time(test) ?? this.committed[path.relative(ROOT, test.path).split(path.sep).join('/')];
  }
}

/** Writes suite-times.json from the last whole run's timings (the suite-share reporter's file). */
function save() {
  const run = JSON.parse(fs.readFileSync(path.join(ROOT, 'artifacts/test-timings.json'), 'utf8'));
  const times = Object.fromEntries(
    run.suites.map((s) => [s.file, Math.round(s.ms)]).sort((a, b) => a[0].localeCompare(b[0])),
  );
  fs.writeFileSync(TIMES_FILE, `${JSON.stringify(times, null, 1)}\n`);
  console.log(`${Object.keys(times).length} suite times written to ${path.relative(ROOT, TIMES_FILE)}`);
}

if (require.main === module && process.argv.includes('--save')) save();

module.exports = RecordedTimesSequencer;
