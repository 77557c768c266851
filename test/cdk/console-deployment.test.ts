import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleSources } from '../../lib/web-stack';

/**
 * The console deployment never empties the live console: without a build in web/dist it ships the
 * stage's config.json alone and prunes nothing; with one it ships both and prunes the old files.
 */
const config = {
  apiUrl: 'https://api.test',
  region: 'eu-west-1',
  userPoolId: 'p',
  userPoolClientId: 'c',
  authFlow: 'SRP' as const,
};

it('prunes only when a console build is shipped', () => {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'no-build-'));
  const bare = consoleSources(empty, config);
  expect([bare.sources.length, bare.prune]).toEqual([1, false]);

  const built = mkdtempSync(path.join(os.tmpdir(), 'build-'));
  writeFileSync(path.join(built, 'index.html'), '<!doctype html>');
  const full = consoleSources(built, config);
  expect([full.sources.length, full.prune]).toEqual([2, true]);
});
