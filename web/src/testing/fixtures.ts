import type { LoginReply } from '../lib/api-types';
import { setSession, type Session } from '../lib/auth';
import { setConfig } from '../lib/config';
import { Permission } from '../lib/authorization';

/** Profiles like the demo users of local/demo-data.ts (Permissions as LogInByAws expands them). */
const company = { ID: 1, Name: 'Demo Agency', Logo: '', DefaultLocale: 'he' };
const profile = (p: Partial<LoginReply>): LoginReply => ({
  Name: 'Test',
  Email: 'test@demo.mixdesk.test',
  RoleId: 3,
  IsSystemAdmin: false,
  Permissions: [],
  AccountAccess: 'all',
  Company: company,
  MfaRequired: false,
  MfaEnabled: null,
  ...p,
});

export const PROFILES = {
  admin: profile({
    Name: 'Dana Admin',
    RoleId: 1,
    IsSystemAdmin: true,
    Permissions: [Permission.Admin, 2, 3, 4, 5, 6, 7],
  }),
  otherAdmin: profile({
    Name: 'Omer Other',
    RoleId: 1,
    IsSystemAdmin: false,
    Permissions: [Permission.Admin, 2, 3, 4, 5, 6, 7],
  }),
  planner: profile({ Name: 'Paz Planner', RoleId: 3, Permissions: [] }),
  approver: profile({
    Name: 'Avi Approver',
    RoleId: 2,
    Permissions: [Permission.AccountCreateDelete, Permission.OperationalReports, Permission.MediaPlanApprover],
  }),
  analyst: profile({
    Name: 'Noa Analyst',
    RoleId: 4,
    Permissions: [Permission.OperationalReports, Permission.ManagementReports],
  }),
  client: profile({ Name: 'Carmel Client', RoleId: 5, Permissions: [Permission.ClientZone], AccountAccess: [1] }),
};

/** A JWT-shaped token that expires in an hour (the console only reads `exp`). */
export function fakeToken(): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'none' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

export function signInAs(p: LoginReply | null, mfa = true): Session | null {
  const s = p ? { accessToken: fakeToken(), idToken: fakeToken(), profile: p, mfa } : null;
  setSession(s);
  return s;
}

export function useTestConfig(): void {
  setConfig({
    apiUrl: 'http://api.test',
    region: 'local',
    userPoolId: 'pool',
    userPoolClientId: 'client',
    authFlow: 'USER_PASSWORD_AUTH',
  });
}

type Handler = (body: Record<string, unknown>, headers: Record<string, string>) => { status?: number; json: unknown };

/** A fetch stand-in answering `{Service}/{Method}` with the envelope of docs/domain.md. */
export function mockApi(handlers: Record<string, Handler>): jest.Mock {
  const fn = jest.fn(async (url: string, init: RequestInit) => {
    const route = url.replace(/^.*?\/\/[^/]+\//, '');
    const h = handlers[route];
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const out = h ? h(body, headers) : { status: 404, json: { Success: false, ErrorMessage: `no mock for ${route}` } };
    const status = out.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => out.json } as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

export const ok = (Response: unknown) => ({ json: { Success: true, Response } });
/** A failed reply as the API sends it (docs/domain.md): with ErrorCode and ErrorParams when given (lambdas/shared/error-codes.ts). */
export const fail = (
  status: number,
  ErrorMessage: string,
  ErrorCode?: string,
  ErrorParams: Record<string, string | number> = {},
) => ({
  status,
  json: ErrorCode ? { Success: false, ErrorMessage, ErrorCode, ErrorParams } : { Success: false, ErrorMessage },
});

export interface ApiCall {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The calls a mockApi fetch received for one method ("GetAccountsList"), oldest first. */
export function callsTo(api: jest.Mock, method: string): ApiCall[] {
  return api.mock.calls
    .filter(([url]) => String(url).endsWith(`/${method}`))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body ?? '{}')) as Record<string, unknown>,
      headers: (init as RequestInit).headers as Record<string, string>,
    }));
}

/** The first call of a method, or null. */
export const firstCall = (api: jest.Mock, method: string): ApiCall | null => callsTo(api, method)[0] ?? null;

/** The latest call of a method, or null. */
export const lastCall = (api: jest.Mock, method: string): ApiCall | null => callsTo(api, method).at(-1) ?? null;
