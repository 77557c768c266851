import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '../lambdas/aws/dynamodb/commands';
import { saveAccountFor } from '../lambdas/modules/accounts/accounts';
import { ddb, tableName } from '../lambdas/aws/dynamodb/client';
import { keys } from '../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { getProfileBySub } from '../lambdas/modules/tenancy/profile-store.dynamodb';
import { saveAccount } from '../lambdas/modules/accounts/schemas';
import { DEMO_PASSWORD } from '../local/demo-data';
import { cognitoClient } from '../local/seed';
import { postJson } from './api-client';
import { percentile, timedConcurrent } from './stats';

/**
 * GetAccountsList over 1,000 main accounts, 10 callers at once, through the local HTTP API (JWT check,
 * the handler kit, the repository) against a raw DynamoDB Query of the same page in the same run.
 */
export const LIST_P50_BUDGET_RATIO = 2;

export interface ListFigures {
  accounts: number;
  requests: number;
  concurrency: number;
  pageSize: number;
  api: { p50: number; p99: number };
  raw: { p50: number; p99: number };
  ratioP50: number;
}

export async function seedAccounts(admin: UserProfile, count: number, concurrency = 10): Promise<void> {
  await timedConcurrent(count, concurrency, async (i) => {
    await saveAccountFor(
      admin,
      saveAccount.parse({
        account: { Name: `Bench Client ${String(i).padStart(4, '0')}`, Currency: (i % 2) + 1, ManagementFeePct: 10 },
      }),
      undefined,
      'create',
    );
  });
}

export async function accessToken(
  cognitoEndpoint: string,
  clientId: string,
  email: string,
): Promise<{ token: string; sub: string }> {
  const out = await cognitoClient(cognitoEndpoint).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Could not sign in ${email}: ${out.ChallengeName ?? 'no token'}`);
  const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
  return { token, sub };
}

export async function benchAccountsList(o: {
  apiUrl: string;
  token: string;
  sub: string;
  requests?: number;
  concurrency?: number;
  pageSize?: number;
}): Promise<ListFigures> {
  const requests = o.requests ?? 400;
  const concurrency = o.concurrency ?? 10;
  const pageSize = o.pageSize ?? 50;
  const profile = await getProfileBySub(o.sub);
  if (!profile) throw new Error('bench user has no profile');

  const viaApi = async () => {
    const res = await postJson<{ Items: unknown[] }>(
      `${o.apiUrl}/AccountsService/GetAccountsList`,
      { authorization: `Bearer ${o.token}` },
      { mainAccountId: -1, pageSize },
    );
    if (!res.body.Success || res.body.Response.Items.length !== pageSize)
      throw new Error(`GetAccountsList answered ${res.status}`);
  };
  const raw = async () => {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :a)',
        ExpressionAttributeValues: { ':pk': keys.accountsByParentPk(profile.companyId, null), ':a': 'A#' },
        Limit: pageSize,
      }),
    );
    if (out.Items?.length !== pageSize) throw new Error('raw query returned a short page');
  };

  // Warm both paths (JIT, connection pools, the profile cache), then alternate rounds so drift
  // on this shared machine hits both sides alike.
  await timedConcurrent(60, concurrency, viaApi);
  await timedConcurrent(60, concurrency, raw);
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let round = 0; round < 4; round++) {
    rawTimes.push(...(await timedConcurrent(requests / 4, concurrency, raw)));
    apiTimes.push(...(await timedConcurrent(requests / 4, concurrency, viaApi)));
  }
  const api = { p50: percentile(apiTimes, 50), p99: percentile(apiTimes, 99) };
  const rawF = { p50: percentile(rawTimes, 50), p99: percentile(rawTimes, 99) };
  return { accounts: 0, requests, concurrency, pageSize, api, raw: rawF, ratioP50: api.p50 / rawF.p50 };
}
