import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { ScanCommand } from '../../lambdas/aws/dynamodb/commands';
import { ensureTable } from '../../local/dynamo-local';
import { buildHttpEvent, lambdaContext } from '../../local/http-event';
import { settleStreams } from './streams';
import { handlerFile, ROUTES, type RouteDef } from '../../lambdas/manifest';
import { clearCallerCache } from '../../lambdas/kit/caller';
import { clearReadCaches } from '../../lambdas/core/read-cache';
import { ddb } from '../../lambdas/aws/dynamodb/client';
import { createCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { createProfile } from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import { saveAccountFor } from '../../lambdas/modules/accounts/accounts';
import { nextId } from '../../lambdas/aws/dynamodb/counters';
import type { Account } from '../../lambdas/modules/tenancy/account-store';
import { saveAccount } from '../../lambdas/modules/accounts/schemas';
import { Permission, Role } from '../../lambdas/shared/permissions';

/**
 * A small world for handler tests, on the DynamoDB Local that the jest global setup started: each
 * test file makes its own companies (random ids) so files never see each other's items.
 */
export function useTestTable() {
  const endpoint = process.env.MIXDESK_TEST_DYNAMO_ENDPOINT;
  const table = process.env.MIXDESK_TEST_TABLE;
  if (!endpoint || !table) throw new Error('The jest global setup did not start DynamoDB Local');
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = table;
  process.env.AWS_REGION = 'local';
  process.env.MIXDESK_LOG_LEVEL = 'silent';
  if (process.env.MIXDESK_TEST_COGNITO_ENDPOINT)
    process.env.COGNITO_ENDPOINT = process.env.MIXDESK_TEST_COGNITO_ENDPOINT;
  // UsersService administers the run's user pool through the local admin front (global-setup.ts).
  if (process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT)
    process.env.COGNITO_ADMIN_ENDPOINT = process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT;
  if (process.env.MIXDESK_TEST_USER_POOL_ID) process.env.USER_POOL_ID = process.env.MIXDESK_TEST_USER_POOL_ID;
}

/**
 * Gives this test file a table of its own (same design, created on the run's DynamoDB Local), for the
 * generated suites that snapshot the whole table around every call: on the shared table a snapshot
 * reads every item every other file wrote before it (tens of thousands once the sync tests ran), which
 * made those suites most of the run's time. jest hands each file its own copy of process.env, so the
 * switch stays in this file. The change stream of this table is not polled: the suites that use it
 * check refusals and replies, not stream-fed items (settleStreams() still waits for the shared one).
 */
export async function useOwnTable(label: string): Promise<void> {
  const endpoint = process.env.MIXDESK_TEST_DYNAMO_ENDPOINT;
  if (!endpoint) throw new Error('The jest global setup did not start DynamoDB Local');
  const name = `mixdesk-test-${label}-${randomUUID().slice(0, 8)}`;
  // No poller reads it, and its stream records would slow every later write on this engine (ensureTable).
  await ensureTable(endpoint, name, { stream: false });
  process.env.MIXDESK_TEST_TABLE = name;
  useTestTable();
}

export interface Company {
  companyId: number;
  admin: UserProfile;
  planner: UserProfile;
  approver: UserProfile;
  analyst: UserProfile;
  client: UserProfile;
  disabled: UserProfile;
  accounts: { main: Account; sub: Account; other: Account };
}

const ROOT = path.resolve(__dirname, '../..');

export async function makeUser(
  companyId: number,
  roleId: Role,
  permissions: Permission[],
  extra: Partial<UserProfile> = {},
) {
  const sub = randomUUID();
  return createProfile({
    sub,
    companyId,
    email: `${sub.slice(0, 8)}@c${companyId}.test`,
    name: `User ${sub.slice(0, 4)}`,
    roleId,
    permissions,
    isSystemAdmin: false,
    accountAccess: 'all',
    status: 'active',
    ...extra,
  });
}

/** A company with one user per role and accounts: main (with one sub-account) and other. */
export async function makeCompany(name = 'Test Agency', opts: { idOffset?: number } = {}): Promise<Company> {
  useTestTable();
  const companyId = randomInt(100_000, 2_000_000_000);
  await createCompany({ companyId, Name: name, Logo: '', DefaultLocale: 'he', createdAt: new Date().toISOString() });
  const admin = await makeUser(companyId, Role.Administrator, [Permission.Admin]);
  // Ids are per company, so two fresh companies share the numbers 1, 2, 3. An offset gives one of
  // them ids the other does not have, which is what a cross-company (IDOR) probe needs.
  for (let i = 0; i < (opts.idOffset ?? 0); i++) await nextId(companyId, 'Account');
  const create = (account: Record<string, unknown>, scope?: number) =>
    saveAccountFor(admin, saveAccount.parse({ account }), scope, 'create');
  const main = await create({ Name: 'Main Client', Currency: 2, ManagementFeePct: 15 });
  const sub = await create({ Name: 'Main Client Sub', ParentId: main.ID }, main.ID);
  const other = await create({ Name: 'Other Client', Currency: 1 });
  return {
    companyId,
    admin,
    planner: await makeUser(companyId, Role.Planner, []),
    approver: await makeUser(companyId, Role.MediaManager, [
      Permission.MediaPlanApprover,
      Permission.AccountCreateDelete,
    ]),
    analyst: await makeUser(companyId, Role.Analyst, [Permission.OperationalReports, Permission.ManagementReports]),
    client: await makeUser(companyId, Role.Client, [Permission.ClientZone], { accountAccess: [main.ID] }),
    disabled: await makeUser(companyId, Role.Planner, [], { status: 'disabled' }),
    accounts: { main, sub, other },
  };
}

export interface Reply {
  status: number;
  body: {
    Success: boolean;
    Response?: any;
    ErrorMessage?: string;
    ErrorCode?: string;
    ErrorParams?: Record<string, string | number>;
  };
}

const handlers = new Map<string, (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>>();

function handlerOf(route: Pick<RouteDef, 'service' | 'method'>) {
  const file = handlerFile(route);
  if (!handlers.has(file)) handlers.set(file, require(path.join(ROOT, file)).handler);
  return handlers.get(file)!;
}

export interface InvokeOptions {
  as?: UserProfile | { sub: string };
  /** When the token's session began (its auth_time claim), epoch seconds; unset: a token without one. */
  authTime?: number;
  body?: unknown;
  rawBody?: string;
  accountId?: number | string;
  contentType?: string;
  /**
   * The function's deadline (Lambda's timeout; the kit's middy answers a timeout just before it).
   * The API's 29 s by default; a test that checks what a long call does, not how fast, gives it more,
   * so a loaded machine cannot fail it (speed is `npm run bench`'s, never the suite's).
   */
  timeoutMs?: number;
  /**
   * Keep the container's caches between calls (caller profiles, the 30 s read caches), as a warm
   * Lambda does. By default each call starts with them empty, so a test sees what it just changed.
   */
  warm?: boolean;
}

/** Calls a route's real handler with the event API Gateway would build after the JWT authorizer. */
export async function invoke(service: string, method: string, opts: InvokeOptions = {}): Promise<Reply> {
  const route = ROUTES.find((r) => r.service === service && r.method === method);
  if (!route) throw new Error(`No route ${service}.${method}`);
  if (!opts.warm) {
    clearCallerCache();
    clearReadCaches();
  }
  const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'application/json' };
  if (opts.accountId !== undefined) headers['x-account-id'] = String(opts.accountId);
  const event = buildHttpEvent({
    path: `/${service}/${method}`,
    headers,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    claims: opts.as
      ? { sub: opts.as.sub, token_use: 'access', ...(opts.authTime ? { auth_time: String(opts.authTime) } : {}) }
      : {},
  });
  const reply = await handlerOf(route)(event, lambdaContext(`${service}-${method}`, opts.timeoutMs));
  return { status: reply.statusCode, body: JSON.parse(reply.body) };
}

/** Every item of the test table (tests only: product code never scans). */
export async function tableSnapshot(): Promise<string[]> {
  // Audit entries of earlier one-write line changes arrive from the change stream: let them land
  // first, so they never show up between a test's before and after snapshots.
  await settleStreams();
  const items: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new ScanCommand({ TableName: process.env.TABLE_NAME!, ExclusiveStartKey }));
    items.push(...(out.Items ?? []).map(stableJson));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort();
}

/** JSON with keys sorted at every depth, so equal items compare equal as text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
