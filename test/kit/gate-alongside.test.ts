import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { z } from 'zod/mini';
import { afterGate, clearCallerCache, loadCaller } from '../../lambdas/kit/caller';
import { callerLookups } from '../../lambdas/caller-lookups';
import { serviceHandler } from '../../lambdas/service-handler';
import { NotFoundError } from '../../lambdas/core/errors';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { runActivityAnalysisRoute } from '../../lambdas/modules/ai-analysis/routes';
import { replyOf, route } from '../../lambdas/kit/route';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { buildHttpEvent, lambdaContext } from '../../local/http-event';
import { clearGates, holdNext, type SentCommand } from '../support/command-gates';
import { makeCompany, makeUser, useTestTable } from '../support/world';

/**
 * The caller's gate (kit/caller.ts) beside read routes: with the profile cached, a read route's
 * method runs while the identity is read, and a refused session still gets the gate's 401, never
 * the method's reply; write routes, `gateFirst` routes and uncached profiles pass the gate first.
 * (The shared `invoke` clears the caller cache on every call, so these call handlers directly.)
 */
useTestTable();
afterEach(() => clearGates());

const testRoute = (
  access: 'read' | 'write',
  gateFirst?: boolean,
  requires: 'signedIn' | 'managementReports' = 'signedIn',
) =>
  route({
    service: 'GateTest',
    method: `${access}${gateFirst ? 'GateFirst' : ''}`,
    access,
    ...(gateFirst ? { gateFirst } : {}),
    requires,
    accountScope: 'none',
    input: z.object({}),
    reply: replyOf<{ Secret: string }>,
    summary: 'test',
  });

/** A handler whose method records that it ran, then answers a secret (or throws `fail`). */
function handlerOf(access: 'read' | 'write', gateFirst?: boolean, fail?: Error) {
  const ran: string[] = [];
  const handler = serviceHandler(testRoute(access, gateFirst), async ({ caller }) => {
    ran.push(caller.sub);
    if (fail) throw fail;
    return { Secret: `secret of ${caller.companyId}` };
  });
  const call = async (user: Pick<UserProfile, 'sub'>, authTime?: number) => {
    const event = buildHttpEvent({
      path: '/GateTest/x',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      claims: { sub: user.sub, token_use: 'access', ...(authTime ? { auth_time: authTime } : {}) },
    });
    const reply = await handler(event as never, lambdaContext('gate-test') as never);
    return {
      status: reply.statusCode,
      body: JSON.parse(reply.body) as { Success: boolean; Response?: { Secret: string }; ErrorCode?: string },
    };
  };
  return { ran, call };
}

const isGateRead = (sub: string) => (c: SentCommand) =>
  c.name === 'GetCommand' && c.input.Key?.pk === keys.identity(sub).pk;

/**
 * Calls with the user's identity read held at the client: `ranMeanwhile` is what the method did
 * while the gate had not answered; then the gate opens and the reply comes. Where the method is to
 * run meanwhile, it is waited for (however slow the machine); where it is not, 50 ms are given to a
 * method that would wrongly run (a slower machine can only let such a fault pass, never fail a fix).
 */
async function callWithGateHeld(
  user: Pick<UserProfile, 'sub'>,
  h: ReturnType<typeof handlerOf>,
  runsMeanwhile = false,
) {
  const gate = holdNext(isGateRead(user.sub));
  const reply = h.call(user);
  await gate.reached;
  if (runsMeanwhile) {
    for (let waited = 0; !h.ran.length && waited < 20_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  } else {
    await new Promise((r) => setTimeout(r, 50));
  }
  const ranMeanwhile = [...h.ran];
  gate.open();
  return { ranMeanwhile, reply: await reply };
}

async function setIdentity(sub: string, change: { status?: string; tokensValidAfter?: string }) {
  const [k, v] = Object.entries(change)[0];
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.identity(sub),
      UpdateExpression: 'SET #k = :v',
      ExpressionAttributeNames: { '#k': k },
      ExpressionAttributeValues: { ':v': v },
    }),
  );
}

async function freshUser() {
  const c = await makeCompany('Gate Agency');
  const user = await makeUser(c.companyId, Role.Planner, [Permission.OperationalReports]);
  clearCallerCache();
  return user;
}

describe('read routes with the profile cached: the gate read runs beside the method', () => {
  it('runs the method while the identity read is held, and answers once it passes', async () => {
    const user = await freshUser();
    await loadCaller(callerLookups, user.sub); // the profile is cached now
    const { ranMeanwhile, reply } = await callWithGateHeld(user, handlerOf('read'), true);
    expect(ranMeanwhile).toEqual([user.sub]);
    expect(reply).toMatchObject({
      status: 200,
      body: { Success: true, Response: { Secret: `secret of ${user.companyId}` } },
    });
  });

  it("answers a user disabled since the profile was cached with the gate's 401, never the method's reply", async () => {
    const user = await freshUser();
    await loadCaller(callerLookups, user.sub);
    await setIdentity(user.sub, { status: 'disabled' });
    const { ran, call } = handlerOf('read');
    const reply = await call(user);
    expect(ran).toEqual([user.sub]); // it ran alongside; its answer is dropped
    expect([reply.status, reply.body.ErrorCode, reply.body.Response]).toEqual([401, 'USER_DISABLED', undefined]);
    expect(JSON.stringify(reply.body)).not.toContain('secret');
  });

  it("answers the gate's 401 even when the method itself failed (no 404 told to a refused session)", async () => {
    const user = await freshUser();
    await loadCaller(callerLookups, user.sub);
    await setIdentity(user.sub, { status: 'disabled' });
    const { call } = handlerOf('read', false, new NotFoundError('No such plan'));
    const reply = await call(user);
    expect([reply.status, reply.body.ErrorCode]).toEqual([401, 'USER_DISABLED']);
  });

  it('answers a session from before "sign out everywhere" with SESSION_REVOKED', async () => {
    const user = await freshUser();
    const authTime = Math.floor(Date.now() / 1000) - 60;
    await loadCaller(callerLookups, user.sub, undefined, { authTime });
    await setIdentity(user.sub, { tokensValidAfter: new Date().toISOString() });
    const { call } = handlerOf('read');
    const reply = await call(user, authTime);
    expect([reply.status, reply.body.ErrorCode]).toEqual([401, 'SESSION_REVOKED']);
  });

  it('answers a permission refusal as before when the gate passes, without running the method', async () => {
    const user = await freshUser(); // OperationalReports only
    await loadCaller(callerLookups, user.sub);
    const ran: string[] = [];
    const handler = serviceHandler(testRoute('read', undefined, 'managementReports'), async ({ caller }) => {
      ran.push(caller.sub);
      return { Secret: 'x' };
    });
    const event = buildHttpEvent({
      path: '/GateTest/x',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      claims: { sub: user.sub, token_use: 'access' },
    });
    const reply = await handler(event as never, lambdaContext('gate-test') as never);
    expect([reply.statusCode, JSON.parse(reply.body).ErrorCode]).toEqual([403, 'PERMISSION_MISSING']);
    expect(ran).toEqual([]);
  });
});

describe('the gate first', () => {
  it.each([
    ['a write route', 'write' as const, undefined],
    ['a read route with gateFirst', 'read' as const, true],
  ])(
    '%s: nothing of the method runs before the identity read answers, and a disabled user never reaches it',
    async (_name, access, gateFirst) => {
      const user = await freshUser();
      await loadCaller(callerLookups, user.sub);
      const h = handlerOf(access, gateFirst);
      const { ranMeanwhile, reply } = await callWithGateHeld(user, h);
      expect(ranMeanwhile).toEqual([]);
      expect(reply.status).toBe(200);
      expect(h.ran).toEqual([user.sub]);

      await setIdentity(user.sub, { status: 'disabled' });
      const refused = await h.call(user);
      expect([refused.status, refused.body.ErrorCode]).toEqual([401, 'USER_DISABLED']);
      expect(h.ran).toEqual([user.sub]);
    },
  );

  it('a read route whose profile is not cached (a new container) passes the gate first', async () => {
    const user = await freshUser();
    const { ranMeanwhile, reply } = await callWithGateHeld(user, handlerOf('read'));
    expect(ranMeanwhile).toEqual([]);
    expect(reply.status).toBe(200);
  });

  it('RunActivityAnalysis, which calls Bedrock, is a gateFirst route', () => {
    expect(runActivityAnalysisRoute).toMatchObject({ access: 'read', gateFirst: true });
  });
});

describe('afterGate', () => {
  const refused = () => Promise.reject(new Error('gate'));
  it("gives the gate's refusal over the work's answer or failure, and the work's outcome when the gate passes", async () => {
    await expect(afterGate(refused(), Promise.resolve(1))).rejects.toThrow('gate');
    await expect(afterGate(refused(), Promise.reject(new Error('work')))).rejects.toThrow('gate');
    await expect(afterGate(Promise.resolve(), Promise.reject(new Error('work')))).rejects.toThrow('work');
    await expect(afterGate(Promise.resolve(), Promise.resolve(2))).resolves.toBe(2);
  });
});
