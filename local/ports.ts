import { createServer } from 'node:net';

/**
 * Ports and hosts of the local stack. The API, the console and cognito-local listen on the loopback
 * interface only (the local stack trusts cognito-local's test keys and must not be reachable from the
 * network). DynamoDB Local has no bind-address option and listens on all interfaces; it holds only
 * local demo data. Each port can be moved with an environment variable when a default is taken.
 */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name}=${raw} is not a valid port number`);
  }
  return port;
}

/** Every local service binds here (never 0.0.0.0). */
export const LOCAL_HOST = '127.0.0.1';

export const DYNAMO_PORT = portFromEnv('MIXDESK_DYNAMO_PORT', 8000);
/**
 * cognito-local bakes HOST:PORT into the issuer of every token (`http://HOST:PORT/{poolId}`), so the
 * host is fixed to the literal IP: `localhost` would give an issuer the authorizer cannot match
 * reliably (localhost may resolve to ::1).
 */
export const COGNITO_HOST = LOCAL_HOST;
export const COGNITO_PORT = portFromEnv('MIXDESK_COGNITO_PORT', 9229);
export const API_PORT = portFromEnv('MIXDESK_API_PORT', 3001);
export const WEB_PORT = portFromEnv('MIXDESK_WEB_PORT', 3000);
/** The local S3-compatible server of the creatives bucket (local/fakes/s3-server.ts). */
export const S3_PORT = portFromEnv('MIXDESK_S3_PORT', 4569);
/** The local SES server and its mail catcher page (local/fakes/ses-server.ts). */
export const SES_PORT = portFromEnv('MIXDESK_SES_PORT', 4579);
/** The local Meta Marketing API (local/fakes/meta-ads-server.ts). */
export const META_PORT = portFromEnv('MIXDESK_META_PORT', 4591);
/** The local TikTok Business API (local/fakes/tiktok-ads-server.ts). */
export const TIKTOK_PORT = portFromEnv('MIXDESK_TIKTOK_PORT', 4592);
/** The local Google Ads API and its OAuth token endpoint (local/fakes/google-ads-server.ts). */
export const GOOGLE_ADS_PORT = portFromEnv('MIXDESK_GOOGLE_ADS_PORT', 4593);
/** The local Secrets Manager of the connectors' credentials (local/fakes/secrets-manager-server.ts). */
export const SECRETS_MANAGER_PORT = portFromEnv('MIXDESK_SECRETS_MANAGER_PORT', 4594);
/** The local Amazon Bedrock Converse (local/fakes/bedrock-server.ts), started only with MIXDESK_BEDROCK=fake. */
export const BEDROCK_PORT = portFromEnv('MIXDESK_BEDROCK_PORT', 4595);

/** Ports this process already handed out: two quick calls must not return the same port. */
const handedOut = new Set<number>();

/** A port that was free a moment ago (the OS picks it). Used by the tests and `port: 0` options. */
export async function freePort(host = LOCAL_HOST): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.unref();
      srv.once('error', reject);
      srv.listen(0, host, () => {
        const addr = srv.address();
        const p = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(p));
      });
    });
    if (!handedOut.has(port) || attempt >= 20) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * Fails fast with a helpful message when a port is taken. Without this check a second DynamoDB Local
 * would die on bind while the readiness probe happily talks to the *first* one.
 */
export function assertPortFree(port: number, what: string, envVar?: string, host = LOCAL_HOST): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', (err: NodeJS.ErrnoException) => {
      const hint = envVar ? ` (set ${envVar} to use another port)` : '';
      reject(err.code === 'EADDRINUSE' ? new Error(`${what}: port ${host}:${port} is already in use${hint}`) : err);
    });
    srv.listen(port, host, () => srv.close(() => resolve()));
  });
}
