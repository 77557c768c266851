import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { build } from 'esbuild';
import { handlerFile, ROUTES } from '../../lambdas/manifest';
import { MixdeskFunction } from '../../lib/constructs/mixdesk-function';
import { BEDROCK_CHUNK, LAMBDA_ESBUILD, TRACER_CHUNK } from '../../lib/lambda-bundling';
import { buildChunk, buildTracerChunk } from '../../bench/handler-bundles';

/**
 * The bundle bench measures what ships: a MixdeskFunction really bundled by CDK (NodejsFunction
 * running esbuild from its command line, as `cdk synth` does) is byte for byte the bundle that
 * esbuild builds from LAMBDA_ESBUILD, the options object the bench uses. Were an option given to
 * one and not the other (a banner, legal comments, an alias), the two would differ here; the same
 * holds for the files beside the bundle (the tracer's, and this function's Bedrock client).
 */
const ROOT = path.resolve(__dirname, '../..');
// A route with an SDK client (Bedrock's, in the file beside its bundle), so an alias would have something to replace.
const route = ROUTES.find((r) => r.service === 'AnalyticsService' && r.method === 'RunActivityAnalysis')!;
let outdir: string;

beforeAll(() => {
  outdir = mkdtempSync(path.join(os.tmpdir(), 'mixdesk-bundling-'));
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

it('the construct deploys the bundle the bench measures', async () => {
  const app = new App({ outdir });
  new MixdeskFunction(new Stack(app, 'Bundling'), 'Fn', {
    route,
    logRetention: RetentionDays.ONE_DAY,
    logRemovalPolicy: RemovalPolicy.DESTROY,
  });
  app.synth();
  const assets = readdirSync(outdir).filter((d) => d.startsWith('asset.'));
  expect(assets).toHaveLength(1);
  const deployed = readFileSync(path.join(outdir, assets[0], 'index.mjs'), 'utf8');

  const benched = await build({
    ...LAMBDA_ESBUILD,
    entryPoints: [path.join(ROOT, handlerFile(route))],
    outfile: path.join(outdir, 'bench', 'index.mjs'),
    write: false,
    logLevel: 'silent',
  });
  const js = benched.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text;
  expect(deployed.length).toBeGreaterThan(100_000);
  // Compared as booleans: a failure would otherwise print both bundles.
  expect(deployed === js).toBe(true);
  // The Bedrock client is the file beside the bundle, the one the bench builds.
  const client = readFileSync(path.join(outdir, assets[0], BEDROCK_CHUNK.file), 'utf8');
  expect(deployed.includes('bedrock-runtime')).toBe(false);
  expect(client.includes('bedrock-runtime')).toBe(true);
  expect(client === (await buildChunk(BEDROCK_CHUNK, path.join(outdir, 'bench'), false))).toBe(true);
  // The tracer's file beside the bundle is the one the bench builds too.
  const tracer = readFileSync(path.join(outdir, assets[0], TRACER_CHUNK.file), 'utf8');
  expect(tracer.length).toBeGreaterThan(50_000);
  expect(tracer === (await buildTracerChunk(path.join(outdir, 'bench'), false))).toBe(true);
});
