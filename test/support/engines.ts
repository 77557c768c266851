import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
  type ChallengeNameType,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setLocalHandlerEnv } from '../../local/api-server';
import { localCognitoClient } from '../../local/cognito-local';
import { localDynamoClient } from '../../local/dynamo-local';
import { buildHttpEvent, type HttpApiEventV2 } from '../../local/http-event';

/**
 * Helpers over the engines the jest global setup started (see global-setup.ts): where they are,
 * Cognito users and sign-in, and the API Gateway event of a route — built by the same code as the
 * local API server's, so a handler test sees exactly what `npm start` and the cloud deliver.
 */
export interface TestEnv {
  dynamoEndpoint: string;
  tableName: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
}

export function testEnv(): TestEnv {
  const e = process.env;
  const env = {
    dynamoEndpoint: e.MIXDESK_TEST_DYNAMO_ENDPOINT,
    tableName: e.MIXDESK_TEST_TABLE,
    cognitoEndpoint: e.MIXDESK_TEST_COGNITO_ENDPOINT,
    userPoolId: e.MIXDESK_TEST_USER_POOL_ID,
    clientId: e.MIXDESK_TEST_CLIENT_ID,
    issuer: e.MIXDESK_TEST_ISSUER,
  };
  const missing = Object.entries(env)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) {
    throw new Error(
      `Test engines not started (${missing.join(', ')} unset): run the tests through jest, whose globalSetup starts them`,
    );
  }
  return env as TestEnv;
}

/** Points the handlers and repositories (which read env, as in Lambda) at the test engines. */
export function setHandlerEnv(): TestEnv {
  const env = testEnv();
  setLocalHandlerEnv({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    cognitoEndpoint: env.cognitoEndpoint,
  });
  return env;
}

export function cognito() {
  return localCognitoClient(testEnv().cognitoEndpoint);
}

export function documentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(localDynamoClient(testEnv().dynamoEndpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/** A fresh e-mail per call: the Cognito pool lives for the whole jest run. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@test.mixdesk.test`;
}

/** A confirmed user with a permanent password (AdminCreateUser + AdminSetUserPassword). Returns its sub. */
export async function createCognitoUser(email: string, password: string): Promise<string> {
  const { userPoolId } = testEnv();
  const client = cognito();
  try {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
    );
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
    return sub;
  } finally {
    client.destroy();
  }
}

export interface SignInResult {
  /** Set when signed in. */
  tokens?: AuthenticationResultType;
  /** Set when Cognito asks for more (SOFTWARE_TOKEN_MFA, NEW_PASSWORD_REQUIRED…). */
  challenge?: { name: ChallengeNameType | string; session: string; parameters: Record<string, string> };
}

/** USER_PASSWORD_AUTH (cognito-local has no SRP). */
export async function signIn(email: string, password: string, clientId = testEnv().clientId): Promise<SignInResult> {
  const client = cognito();
  try {
    const out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (out.AuthenticationResult) return { tokens: out.AuthenticationResult };
    return {
      challenge: {
        name: out.ChallengeName ?? 'UNKNOWN',
        session: out.Session ?? '',
        parameters: out.ChallengeParameters ?? {},
      },
    };
  } finally {
    client.destroy();
  }
}

/** Answers a SOFTWARE_TOKEN_MFA challenge with the current code of `totpSecret`. */
export async function answerTotp(
  email: string,
  challenge: NonNullable<SignInResult['challenge']>,
  totpSecret: string,
  clientId = testEnv().clientId,
) {
  const client = cognito();
  try {
    const out = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
      }),
    );
    if (!out.AuthenticationResult) throw new Error(`TOTP answer gave ${out.ChallengeName ?? 'no tokens'}`);
    return out.AuthenticationResult;
  } finally {
    client.destroy();
  }
}

/** The current 6-digit code an authenticator app shows for a base32 secret (otplib, RFC 6238). */
export function totpCode(secret: string, at = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(at / 1000) });
}

export interface ApiEventOptions {
  service: string;
  method: string;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  sub: string;
  accountId?: number | string;
  contentType?: string;
  /** Extra claims (e.g. email); sub, token_use, client_id and iss are filled in. */
  claims?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The event the local API server (and API Gateway) would hand to the route's handler. */
export function apiEvent(o: ApiEventOptions): HttpApiEventV2 {
  const headers: Record<string, string> = { 'content-type': o.contentType ?? 'application/json', ...o.headers };
  if (o.accountId !== undefined) headers['x-account-id'] = String(o.accountId);
  const now = Math.floor(Date.now() / 1000);
  const env = process.env;
  return buildHttpEvent({
    path: `/${o.service}/${o.method}`,
    headers,
    body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    claims: {
      sub: o.sub,
      token_use: 'access',
      client_id: env.MIXDESK_TEST_CLIENT_ID ?? 'test-client',
      iss: env.MIXDESK_TEST_ISSUER ?? 'http://127.0.0.1/test',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: now,
      iat: now,
      exp: now + 3600,
      ...o.claims,
    },
  });
}
