import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApiServer, LOCAL_CLOCK_PATH, type LambdaHandler } from '../../local/api-server';
import { todayIn } from '../../lambdas/shared/company-day';
import { handlerFile, ROUTES, routePath, type RouteDef } from '../../lambdas/manifest';
import { setHandlerEnv } from '../support/engines';

/**
 * The local API is built from the manifest: every route is served (behind the JWT check), every
 * route's handler file exists and exports a handler, and no handler file lives outside the manifest.
 */
const ROOT = path.resolve(__dirname, '../..');
const routes = ROUTES as readonly RouteDef[];

it('every manifest route has a handler file exporting `handler`', async () => {
  for (const r of routes) {
    const mod = (await import(path.join(ROOT, handlerFile(r)))) as { handler?: unknown };
    expect({ route: routePath(r), handler: typeof mod.handler }).toEqual({ route: routePath(r), handler: 'function' });
  }
});

it('every handler file under lambdas/<service>/ and lambdas/modules/<module>/handlers/ belongs to a manifest route', () => {
  const files = readdirSync(path.join(ROOT, 'lambdas'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.endsWith('-service'))
    .flatMap((d) => readdirSync(path.join(ROOT, 'lambdas', d.name)).map((f) => `lambdas/${d.name}/${f}`));
  const moduleFiles = readdirSync(path.join(ROOT, 'lambdas/modules'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, 'lambdas/modules', d.name, 'handlers')))
    .flatMap((d) =>
      readdirSync(path.join(ROOT, 'lambdas/modules', d.name, 'handlers')).map(
        (f) => `lambdas/modules/${d.name}/handlers/${f}`,
      ),
    );
  expect([...files, ...moduleFiles].sort()).toEqual(routes.map(handlerFile).sort());
});

it('the local API serves every route (401 without a token, not 404) and nothing else', async () => {
  const env = setHandlerEnv();
  const reached: string[] = [];
  const server = createApiServer({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    issuer: env.issuer,
    clientId: env.clientId,
    allowedOrigin: 'http://localhost:3000',
    log: () => undefined,
    resolveHandler:
      (route): LambdaHandler =>
      async () => {
        reached.push(routePath(route));
        return { statusCode: 200, headers: {}, body: '{}' };
      },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const r of routes) {
      const res = await fetch(`${base}${routePath(r)}`, { method: 'POST', body: '{}' });
      expect({ route: routePath(r), status: res.status }).toEqual({ route: routePath(r), status: 401 });
    }
    expect((await fetch(`${base}/AccountsService/NoSuchMethod`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect(reached).toEqual([]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

it("the local API (only) fixes the companies' clock for journeys: an ISO instant, null for the real clock, anything else a 400", async () => {
  const env = setHandlerEnv();
  const server = createApiServer({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    issuer: env.issuer,
    clientId: env.clientId,
    allowedOrigin: 'http://localhost:3000',
    log: () => undefined,
    resolveHandler: (): LambdaHandler => async () => ({ statusCode: 200, headers: {}, body: '{}' }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const clock = (body: string) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${LOCAL_CLOCK_PATH}`, { method: 'POST', body });
  try {
    expect((await clock('{"now":"2026-11-30T22:30:00Z"}')).status).toBe(200);
    expect(todayIn('Asia/Jerusalem')).toBe('2026-12-01');
    for (const bad of ['{"now":"soon"}', '{}', 'not json', '{"now":12}']) expect((await clock(bad)).status).toBe(400);
    expect(todayIn('Asia/Jerusalem')).toBe('2026-12-01');
    expect((await clock('{"now":null}')).status).toBe(200);
    expect(todayIn('UTC')).toBe(new Date().toISOString().slice(0, 10));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
