import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * jest globalSetup of the CDK project: starts the one synth of the three-stage app for the whole run
 * (synth-once.ts) in the background and names its folder in MIXDESK_CDK_SYNTH, which the workers
 * inherit. The suites wait for it where they first read a template (synth-app.ts), so the synth
 * runs beside the first suites instead of before them.
 */
declare global {
  var __MIXDESK_CDK_SYNTH__: { child: ChildProcess; dir: string } | undefined;
}

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

export default function globalSetup(): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-cdk-synth-'));
  // cdk-nag runs in the synth; CDK's CloudFormation schema check (~10 s) is `npm run synth`'s, not the tests'.
  const child = spawn(process.execPath, [TSX, path.join(__dirname, 'synth-once.ts'), dir], {
    cwd: ROOT, env: { ...process.env, CDK_VALIDATION: 'false' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.MIXDESK_CDK_SYNTH = dir;
  globalThis.__MIXDESK_CDK_SYNTH__ = { child, dir };
}

export function teardown(): void {
  const synth = globalThis.__MIXDESK_CDK_SYNTH__;
  if (!synth) return;
  globalThis.__MIXDESK_CDK_SYNTH__ = undefined;
  if (synth.child.exitCode === null) synth.child.kill('SIGKILL');
  rmSync(synth.dir, { recursive: true, force: true });
}
