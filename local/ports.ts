import { createServer } from 'node:net';

/**
 * Ports and hosts of the local stack. Everything listens on the loopback interface only: the local
 * stack has no authentication of its own beyond cognito-local and must never be reachable from the
 * network. Each port can be moved with an environment variable when a default is taken.
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

/** A port that was free a moment ago (the OS picks it). Used by the tests and `port: 0` options. */
export function freePort(host = LOCAL_HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
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
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`${what}: port ${host}:${port} is already in use${hint}`)
          : err,
      );
    });
    srv.listen(port, host, () => srv.close(() => resolve()));
  });
}
