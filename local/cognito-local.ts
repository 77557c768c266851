import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { captureOutput, exitPromise, reapOnParentExit, stopChild, waitUntil } from './dynamo-local';
import { assertPortFree, COGNITO_HOST } from './ports';

/**
 * cognito-local (an emulator of the Cognito user-pool API) for `npm start` and the tests.
 *
 * It keeps its config and users in `./.cognito` relative to its working directory, so it is spawned
 * with `cwd = dataDir`: `.local/cognito` for `npm start` (users survive restarts), a temp folder for
 * tests. It signs tokens with a key pair shipped inside the package and serves the public half at
 * `{issuer}/.well-known/jwks.json`, which is all the local JWT authorizer needs.
 *
 * Limits that shape the rest of the local stack: USER_PASSWORD_AUTH only (no SRP), so the console
 * is told to use that flow locally (config.json `authFlow`).
 */
export const LOCAL_POOL_NAME = 'mixdesk-local';
export const LOCAL_CLIENT_NAME = 'mixdesk-console';

export interface CognitoLocal {
  endpoint: string;
  /** `http://127.0.0.1:{port}/{userPoolId}`: the `iss` of every token. */
  issuer: string;
  userPoolId: string;
  clientId: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export interface CognitoLocalOptions {
  port: number;
  /** Working directory of cognito-local; its data goes to `{dataDir}/.cognito`. Created if missing. */
  dataDir: string;
  poolName?: string;
  clientName?: string;
  /** Receives cognito-local's log lines (default: dropped, kept for error messages). */
  log?: (line: string) => void;
  readyTimeoutMs?: number;
}

export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startCognitoLocal(opts: CognitoLocalOptions): Promise<CognitoLocal> {
  const { port } = opts;
  const host = COGNITO_HOST;
  await assertPortFree(port, 'cognito-local', 'MIXDESK_COGNITO_PORT', host);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });

  const startJs = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: host };
  // A DEBUG meant for other tools would switch cognito-local to debug logging of every request.
  delete env.DEBUG;
  // cognito-local is built on the AWS SDK v2, which prints an end-of-support notice on start.
  env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const child = spawn(process.execPath, [startJs], { cwd: dataDir, env, stdio: 'pipe' });
  const output = captureOutput(child, opts.log);
  const exited = exitPromise(child);
  if (child.pid) reapOnParentExit(child.pid);

  const endpoint = `http://${host}:${port}`;
  const stop = () => stopChild(child, exited);
  try {
    await waitUntil(
      async () => {
        const res = await fetch(`${endpoint}/health`);
        if (!res.ok) throw new Error(`health ${res.status}`);
      },
      { what: 'cognito-local', timeoutMs: opts.readyTimeoutMs ?? 20_000, child, output },
    );
    const { userPoolId, clientId } = await ensurePoolAndClient(
      endpoint,
      opts.poolName ?? LOCAL_POOL_NAME,
      opts.clientName ?? LOCAL_CLIENT_NAME,
    );
    return { endpoint, issuer: `${endpoint}/${userPoolId}`, userPoolId, clientId, port, pid: child.pid ?? -1, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Finds the pool and app client by name, creating them on first run. Looking up by name (not by a
 * remembered id) makes `npm start` idempotent over a persistent `.local/cognito`.
 */
export async function ensurePoolAndClient(
  endpoint: string,
  poolName: string,
  clientName: string,
): Promise<{ userPoolId: string; clientId: string }> {
  const cognito = localCognitoClient(endpoint);
  try {
    const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
    if (!userPoolId) {
      const created = await cognito.send(
        new CreateUserPoolCommand({
          PoolName: poolName,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          MfaConfiguration: 'OPTIONAL',
          // Accounts are created by administrators only, as in the cloud pool.
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        }),
      );
      userPoolId = created.UserPool?.Id;
      if (!userPoolId) throw new Error('cognito-local: CreateUserPool returned no pool id');
    }
    // Optional TOTP, as in the cloud pool. Harmless to repeat on every start.
    await cognito.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );

    const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === clientName)?.ClientId;
    if (!clientId) {
      const created = await cognito.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: clientName,
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
        }),
      );
      clientId = created.UserPoolClient?.ClientId;
      if (!clientId) throw new Error('cognito-local: CreateUserPoolClient returned no client id');
    }
    return { userPoolId, clientId };
  } finally {
    cognito.destroy();
  }
}
