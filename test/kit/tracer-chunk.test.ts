import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD, TRACER_CHUNK } from '../../lib/lambda-bundling';
import { buildTracerChunk } from '../../bench/handler-bundles';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The tracer is a file beside each Lambda bundle, not in it (lib/lambda-bundling.ts TRACER_CHUNK):
 * a bundle built as the functions are holds none of the X-Ray SDK, and in Lambda (tracing on) its
 * first call loads the tracer from the file beside it; without the file the call still answers,
 * untraced, and says why.
 */
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-tracer-'));
  const entry = path.join(ROOT, 'test/kit/.tracer-entry.ts');
  writeFileSync(
    entry,
    [
      "import middy from '@middy/core';",
      "import { tracing } from '../../lambdas/kit/tracing';",
      "export const handler = middy(async () => 'answered').use(tracing());",
    ].join('\n'),
  );
  try {
    bundle = path.join(dir, 'index.mjs');
    await build({ ...LAMBDA_ESBUILD, entryPoints: [entry], outfile: bundle, absWorkingDir: ROOT, logLevel: 'error' });
  } finally {
    rmSync(entry, { force: true });
  }
  await buildTracerChunk(dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function callInLambda(): { out: string; log: string } {
  const script = `const { handler } = await import(${JSON.stringify(bundle)}); process.stdout.write(String(await handler({}, { awsRequestId: 'r', functionName: 'f' })));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      AWS_LAMBDA_FUNCTION_NAME: 'mixdesk-test',
      LAMBDA_TASK_ROOT: dir,
      AWS_REGION: 'us-east-1',
      // No X-Ray daemon here: the SDK logs the missing segment instead of throwing.
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
    },
    encoding: 'utf8',
  });
  return { out: r.stdout, log: r.stdout + r.stderr };
}

it('the bundle holds none of the tracer; the first traced call loads it from the file beside', () => {
  const js = readFileSync(bundle, 'utf8');
  expect(js.includes('aws-xray-sdk')).toBe(false);
  expect(readFileSync(path.join(dir, TRACER_CHUNK.file), 'utf8')).toContain('AWS_XRAY_DAEMON_ADDRESS');
  expect(js.includes('AWS_XRAY_DAEMON_ADDRESS')).toBe(false);
  const { out, log } = callInLambda();
  expect(out.endsWith('answered')).toBe(true);
  expect(log).not.toContain('the tracer did not load');
});

it('without the file the call answers untraced and the log says why', () => {
  unlinkSync(path.join(dir, TRACER_CHUNK.file));
  expect(existsSync(path.join(dir, TRACER_CHUNK.file))).toBe(false);
  const { out, log } = callInLambda();
  expect(out.endsWith('answered')).toBe(true);
  expect(log).toContain('the tracer did not load');
});
