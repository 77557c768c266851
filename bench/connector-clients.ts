import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD } from '../lib/lambda-bundling';
import { startFakeGoogleAds } from '../local/fakes/google-ads-server';
import { startFakeSecretsManager } from '../local/fakes/secrets-manager-server';
import { bareNodeMs } from './handler-bundles';
import { fmt, median } from './stats';

/**
 * Google Ads: SDK or fetch? Secrets Manager: SDK or signed fetch? (docs/connectors.md)
 *
 * Each candidate is a tiny Lambda entry built with the functions' own esbuild options
 * (lib/lambda-bundling.ts LAMBDA_ESBUILD: minified, ESM, AWS SDK bundled), then run in a fresh Node
 * process: import → construct → (where a local server speaks its wire format) one real call. Size in
 * kB of 1,024 bytes; cold init as a ratio to a bare `node -e 0` of the same run.
 *
 * The official Google packages are not dependencies of Mixdesk: install them in a folder of their
 * own (SDK_DIR, outside the repository) and point the bench at it —
 *   (mkdir -p "$SDK_DIR" && cd "$SDK_DIR" && npm init -y && npm i google-ads-api googleapis)
 *   npx tsx bench/connector-clients.ts --sdk-dir "$SDK_DIR"
 * Without --sdk-dir only Mixdesk's own candidates are measured.
 */
const ROOT = path.resolve(__dirname, '..');

interface Candidate {
  name: string;
  /** The entry's source: exports `handler`, which answers a short JSON-able value. */
  source: string;
  needsSdkDir?: boolean;
}

const GOOGLE_CREDENTIALS =
  '{ refreshToken: process.env.G_REFRESH, clientId: process.env.G_CLIENT_ID, clientSecret: process.env.G_CLIENT_SECRET }';

const CANDIDATES: Candidate[] = [
  {
    name: 'google: fetch client (construct)',
    source: `import { GoogleAdsClient } from './lambdas/modules/connectors/platforms/google-ads/client';
export const handler = async () => { const c = new GoogleAdsClient({ credentials: ${GOOGLE_CREDENTIALS}, log: { info() {}, warn() {} } }); return typeof c.dailyStats; };`,
  },
  {
    name: 'google: fetch client (token + customer + 30 days, local fake)',
    source: `import { GoogleAdsClient } from './lambdas/modules/connectors/platforms/google-ads/client';
export const handler = async () => {
  const c = new GoogleAdsClient({ credentials: ${GOOGLE_CREDENTIALS}, log: { info() {}, warn() {} } });
  let n = 0;
  for await (const b of c.dailyStats('1234567890', '2026-06-01', '2026-06-30')) n += b.length;
  return n;
};`,
  },
  {
    name: 'google: google-ads-api (construct)',
    needsSdkDir: true,
    source: `import { GoogleAdsApi } from 'google-ads-api';
export const handler = async () => {
  const api = new GoogleAdsApi({ client_id: 'x', client_secret: 'y', developer_token: 'z' });
  const customer = api.Customer({ customer_id: '1234567890', refresh_token: 'r' });
  return typeof customer.queryStream;
};`,
  },
  {
    name: 'google: googleapis (auth only: it has no Google Ads API)',
    needsSdkDir: true,
    source: `import { google } from 'googleapis';
export const handler = async () => { const o = new google.auth.OAuth2('x', 'y'); o.setCredentials({ refresh_token: 'r' }); return typeof o.getAccessToken; };`,
  },
  {
    name: 'google: google-auth-library OAuth2Client (the token part alone)',
    needsSdkDir: true,
    source: `import { OAuth2Client } from 'google-auth-library';
export const handler = async () => { const o = new OAuth2Client('x', 'y'); o.setCredentials({ refresh_token: 'r' }); return typeof o.getAccessToken; };`,
  },
  {
    name: 'base: DynamoDB client (GetItem)',
    source: `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
const db = new DynamoDBClient({});
export const handler = async () => typeof db.send && new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }).input.TableName;`,
  },
  {
    name: 'secrets: the credential store (aws/secrets-manager.ts) + DynamoDB client',
    source: `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { secretsManagerCredentialStore } from './lambdas/modules/connectors/credentials/credential-store';
const db = new DynamoDBClient({});
export const handler = async () => { typeof db.send && new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }); return Object.keys(await secretsManagerCredentialStore().get({ companyId: 1, agentConnectorId: 1 }) ?? {}).length; };`,
  },
  {
    name: 'secrets: signed fetch (signature-v4) + DynamoDB client',
    source: `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from './lambdas/aws/sdk-stubs/sha256';
const db = new DynamoDBClient({});
export const handler = async () => {
  typeof db.send && new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } });
  const url = new URL(process.env.SECRETS_MANAGER_ENDPOINT);
  const body = JSON.stringify({ SecretId: 'mixdesk/local/connectors/1/1' });
  const signer = new SignatureV4({ service: 'secretsmanager', region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, sha256: Sha256 });
  const signed = await signer.sign({ method: 'POST', protocol: url.protocol, hostname: url.hostname, port: Number(url.port), path: '/', query: {}, body,
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' } });
  const { host, ...headers } = signed.headers;
  const res = await fetch(url, { method: 'POST', headers, body });
  return res.status;
};`,
  },
];

const RUNNER = `
const t0 = performance.now();
const { pathToFileURL } = await import('node:url');
const { handler } = await import(pathToFileURL(process.argv[2]).href);
const result = await handler();
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, result }));
`;

async function main() {
  const sdkAt = process.argv.indexOf('--sdk-dir');
  const sdkDir = sdkAt > 0 ? path.resolve(process.argv[sdkAt + 1]) : undefined;
  if (sdkDir && !existsSync(path.join(sdkDir, 'node_modules'))) throw new Error(`${sdkDir}/node_modules is missing`);
  const outDir = path.join(os.tmpdir(), 'mixdesk-connector-bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'runner.mjs'), RUNNER);

  const google = await startFakeGoogleAds({ port: 0 });
  const secrets = await startFakeSecretsManager({ port: 0 });
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_NO_WARNINGS: '1',
    MIXDESK_LOG_LEVEL: 'silent',
    AWS_REGION: 'us-east-1',
    GOOGLE_ADS_API_URL: google.apiUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    G_REFRESH: '1//local-demo-refresh-token',
    G_CLIENT_ID: 'mixdesk-local.apps.googleusercontent.com',
    G_CLIENT_SECRET: 'local-google-client-secret',
    SECRETS_MANAGER_ENDPOINT: secrets.endpoint,
  };
  try {
    const bareMs = bareNodeMs();
    console.log(`bare node: ${fmt(bareMs)} ms (median of 7)\n`);
    console.log(
      'candidate'.padEnd(70),
      'minified kB'.padStart(12),
      'cold init ms'.padStart(13),
      'ratio'.padStart(7),
      '  result',
    );
    const bench: Bench = { outDir, env, bareMs, sdkDir };
    for (const c of CANDIDATES) {
      if (c.needsSdkDir && !sdkDir) continue;
      await benchCandidate(c, bench);
    }
    if (sdkDir) await benchUnbundledGoogleAds(sdkDir, bench);
  } finally {
    await google.stop();
    await secrets.stop();
  }
}

const RUNS = 5;

interface Bench {
  outDir: string;
  env: Record<string, string>;
  bareMs: number;
  sdkDir: string | undefined;
}

/** One candidate bundled, then its cold init in RUNS fresh processes; one row of the table. */
async function benchCandidate(c: Candidate, { outDir, env, bareMs, sdkDir }: Bench) {
  const runs = RUNS;
  const outfile = path.join(outDir, `${c.name.replace(/\W+/g, '-')}.mjs`);
  let bytes: number;
  try {
    // No metafile: the SDK bundles are tens of MB and their metafile takes esbuild's service down.
    await build({
      ...LAMBDA_ESBUILD,
      stdin: { contents: c.source, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
      outfile,
      write: true,
      logLevel: 'silent',
      sourcemap: false,
      ...(c.needsSdkDir ? { nodePaths: [path.join(sdkDir!, 'node_modules')] } : {}),
    });
    bytes = statSync(outfile).size;
  } catch (err) {
    console.log(c.name.padEnd(70), 'build failed:', (err as Error).message.split('\n')[0]);
    return;
  }
  const samples: number[] = [];
  let result: unknown;
  let failed = '';
  for (let i = 0; i < runs; i++) {
    // Not spawnSync: the local fakes answer from this process's event loop.
    const out = await run(process.execPath, [path.join(outDir, 'runner.mjs'), outfile], env);
    if (out.status !== 0) {
      // Node prints the failing source line (megabytes of minified code) before the error's own line.
      failed = /^[A-Z]\w*Error: [^\n]{0,120}/m.exec(out.stderr)?.[0] ?? `exit ${out.status}`;
      break;
    }
    const r = JSON.parse(out.stdout) as { ms: number; result: unknown };
    samples.push(r.ms);
    result = r.result;
  }
  const ms = samples.length ? median(samples) : NaN;
  console.log(
    c.name.padEnd(70),
    fmt(bytes / 1024).padStart(12),
    (failed ? 'failed' : fmt(ms)).padStart(13),
    (failed ? '' : fmt(ms / bareMs, 2)).padStart(7),
    ` ${failed || JSON.stringify(result)}`,
  );
}

async function benchUnbundledGoogleAds(sdkDir: string, { outDir, env, bareMs }: Bench) {
  const runs = RUNS;
  // google-ads-api cannot run bundled (google-gax reads its .proto JSON from __dirname at run time):
  // its cold init as it would ship, node_modules beside the code.
  const entry = path.join(sdkDir, 'mixdesk-bench-entry.mjs');
  writeFileSync(
    entry,
    `import { GoogleAdsApi } from 'google-ads-api';
export const handler = async () => { const api = new GoogleAdsApi({ client_id: 'x', client_secret: 'y', developer_token: 'z' }); return typeof api.Customer({ customer_id: '1234567890', refresh_token: 'r' }).queryStream; };`,
  );
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = await run(process.execPath, [path.join(outDir, 'runner.mjs'), entry], env);
    if (out.status === 0) samples.push((JSON.parse(out.stdout) as { ms: number }).ms);
  }
  const ms = median(samples);
  console.log(
    'google: google-ads-api (unbundled, from node_modules)'.padEnd(70),
    'n/a'.padStart(12),
    fmt(ms).padStart(13),
    fmt(ms / bareMs, 2).padStart(7),
  );
}

function run(
  cmd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
