import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * scripts/delete-company.ts refuses, before it reads or deletes anything, a `--company` that is not
 * a company id (the platform's 0 included) and a missing `--confirm-name` (a missing `--by` alike).
 */
const ROOT = path.resolve(__dirname, '../..');
const run = (...args: string[]) =>
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/delete-company.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // No table, bucket or pool: a refusal must come before any of them is needed.
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });

it.each([
  [['--company', '0', '--confirm-name', 'Platform', '--by', 'ops@example.com'], /--company takes a company id/],
  [['--company', 'abc', '--confirm-name', 'X', '--by', 'ops@example.com'], /--company takes a company id/],
  [['--company', '12', '--by', 'ops@example.com'], /--confirm-name/],
])(
  'refuses %j',
  (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  },
  30_000,
);
