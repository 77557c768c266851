import type { Server } from 'node:http';
import { sesMailer } from '../lambdas/aws/ses-mailer';
import { createApiServer } from './api-server';
import type { CognitoLocal } from './cognito-local';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import type { DynamoLocal } from './dynamo-local';
import { startFakeCognitoAdmin } from './fakes/cognito-admin-server';
import { freePort, LOCAL_HOST } from './ports';
import { LOCAL_MAIL_FROM } from './stack-background';
import type { StackCtx } from './stack-types';
import { createWebServer } from './web-server';

/** The servers of the local stack that face the user: the user pool's admin front, the API, the console. */

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOCAL_HOST, () => {
      server.off('error', reject);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Keep-alive connections from a browser would hold close() open.
    server.closeAllConnections();
  });
}

/**
 * The user pool's admin front (UsersService, COGNITO_ADMIN_ENDPOINT): answers the calls cognito-local
 * lacks, passes the rest to it, and mails each invitation's temporary password to the mail catcher
 * (printed here too), as Cognito's invitation e-mail does in the cloud.
 */
export async function startCognitoAdmin(c: StackCtx, cognito: CognitoLocal, sesEndpoint: string) {
  const cognitoAdmin = await startFakeCognitoAdmin({
    port: await freePort(),
    upstream: cognito.endpoint,
    credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    mailer: sesMailer({ from: LOCAL_MAIL_FROM, endpoint: sesEndpoint }),
    consoleUrl: `http://localhost:${c.ports.web}`,
    log: c.log,
  });
  c.cleanups.push(() => cognitoAdmin.stop());
  process.env.COGNITO_ADMIN_ENDPOINT = cognitoAdmin.endpoint;
  process.env.USER_POOL_ID = cognito.userPoolId;
  return cognitoAdmin;
}

/** The API: every manifest route with its real handler, behind the local JWT authorizer. */
export async function startApi(c: StackCtx, dynamo: DynamoLocal, cognito: CognitoLocal, allowedOrigin: string[]) {
  const api = createApiServer({
    tableName: c.tableName,
    dynamoEndpoint: dynamo.endpoint,
    issuer: cognito.issuer,
    clientId: cognito.clientId,
    allowedOrigin,
    log: c.opts.requestLog === false ? () => undefined : c.log,
  });
  const apiPort = await listen(api, c.ports.api);
  c.cleanups.push(() => close(api));
  return `http://${LOCAL_HOST}:${apiPort}`;
}

/** The console, configured for this stack's API and user pool; undefined when `web: false`. */
export async function startWeb(c: StackCtx, apiUrl: string, cognito: CognitoLocal): Promise<string | undefined> {
  if (c.opts.web === false) return undefined;
  const web = createWebServer({
    config: {
      apiUrl,
      region: 'local',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: cognito.endpoint,
      authFlow: 'USER_PASSWORD_AUTH',
    },
    demoUsers: DEMO_USERS.map((u) => u.email),
    demoPassword: DEMO_PASSWORD,
  });
  const webPort = await listen(web, c.ports.web);
  c.cleanups.push(() => close(web));
  return `http://localhost:${webPort}`;
}
