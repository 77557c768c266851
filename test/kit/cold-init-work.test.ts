import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { handlerFile, ROUTES } from '../../lambdas/manifest';
import {
  ACTIVITY_SCHEDULE_HANDLER,
  CONFIRM_CONTACT_HANDLER,
  REPORT_SCHEDULES_HANDLER,
  UNSUBSCRIBE_HANDLER,
} from '../../lambdas/jobs/job-handlers';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../../lambdas/jobs/sync-handlers';
import { STREAM_HANDLERS } from '../../lambdas/streams/stream-handlers';

/**
 * The cold-init budget (a route's Init Duration ≤ 3× a bare Node start; `npm run bench --
 * --bundles` times it) depends on what a function does while its bundle is imported. Timings on a
 * shared machine are noise; what is done at import is not. This imports every Lambda handler in one
 * fresh process (test/support/import-work.ts) and holds that none of our code starts ICU while being
 * imported: the first Intl formatter, toLocaleString or localeCompare costs ~5 ms of every cold start
 * (a schema's message formatted at import, and MONEY_LIMIT, did it in every route until 2026-11-26).
 */
const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const WORK = path.join(ROOT, 'test/support/import-work.ts');

async function importWork(files: string[], env: Record<string, string> = {}): Promise<string[]> {
  // Lambda's environment, not this machine's: no NODE_OPTIONS, no certificates file.
  const { stdout } = await promisify(execFile)(process.execPath, [TSX, WORK, ...files], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', TABLE_NAME: 'cold-init-work', AWS_REGION: 'local', ...env },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as string[];
}

it('no Lambda handler starts ICU (Intl, toLocaleString, localeCompare) at import', async () => {
  const handlers = [
    ...ROUTES,
    ...STREAM_HANDLERS,
    ACTIVITY_SCHEDULE_HANDLER,
    REPORT_SCHEDULES_HANDLER,
    UNSUBSCRIBE_HANDLER,
    CONFIRM_CONTACT_HANDLER,
    SYNC_DISPATCH_HANDLER,
    ...Object.values(SYNC_WORKER_HANDLERS),
  ];
  expect(await importWork(handlers.map(handlerFile))).toEqual([]);
}, 120_000);

it('the check sees a module that formats a number at import (its control)', async () => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'import-work-')), 'probe');
  mkdirSync(dir);
  const probe = path.join(dir, 'eager.ts');
  writeFileSync(
    probe,
    "export const LIMIT = (1234567).toLocaleString('en-US');\nexport const after = (f: string) => f.localeCompare('a');\n",
  );
  const found = await importWork([probe], { IMPORT_WORK_OURS: '/probe/' });
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^Number#toLocaleString .*eager\.ts:1:/);
}, 60_000);
