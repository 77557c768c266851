import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import type { ZodMiniType as ZodType } from 'zod/mini';
import { log } from '../../lambdas/core/logger';
import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { ensureTable, localDynamoClient } from '../../local/dynamo-local';
import { ROUTE_FIXTURES, type RouteCall } from '../support/route-fixtures';
import { invoke, makeCompany, useTestTable, type Company, type InvokeOptions, type Reply } from '../support/world';
import { changedItems, startWriteJournal, wholeTable, type ItemChange } from '../support/write-journal';
import { childSchema, derived, hostile, numericEdges, schemaPaths } from '../support/zod-arbitrary';

/**
 * Generated from the route manifest and each route's zod schema: 200 random bodies per route, valid
 * and invalid, sent through the real handler kit by the demo roles. Every reply is a
 * 2xx envelope or a 4xx envelope whose message names the problem (a 400 names the field), never a
 * 5xx, and a refused call leaves the table unchanged.
 *
 * Bodies. Each route's fixture (test/support/fixtures/) knows a valid body and seeds the world it
 * needs; a generated call is that body with 0 to 6 mutations. A mutation picks a path of the schema
 * (or of the fixture body) and replaces it with a value derived from the schema
 * (test/support/zod-arbitrary.ts: mostly valid), a hostile value (boundary numbers, numbers as odd
 * strings, wrong types, zero-width and bidi characters, NUL, lone surrogates, Hebrew, overlong
 * strings, huge arrays), or drops it; or adds a key the schema does not know (mass assignment).
 * A field named …token gets page tokens forged from those the route handed out (a leaf emptied,
 * moved to another key range or company, pushed past the range, retyped). A quarter of the calls
 * instead set the body's numbers to the edges validation accepts (`numericEdges`: the largest and
 * smallest positive value the schema takes there, found by asking it), because overflow lives where
 * several accepted extremes meet (a budget at its maximum over a unit cost at its minimum).
 * Ids are kept from the fixture unless mutated, and derived ids are small numbers, which are the
 * company's own (ids are per company), so most calls reach the business rules. Calls are spread
 * over admin, planner, approver, analyst, client and the fixture's allowed user (weighted, so the
 * route's own logic is reached), with the fixture's x-account-id mostly, sometimes another account
 * of the company or a malformed header, as JSON mostly, sometimes as the legacy form post or a raw
 * body that is not a JSON object. After a call that succeeded, the fixture is asked again, so the
 * next bodies carry the fresh version of what it changed.
 *
 * "Unchanged", soundly and cheaply. A whole-table snapshot around each of 10,800 calls would cost a
 * Scan per call that grows with the table. Instead every call runs under a write journal
 * (test/support/write-journal.ts): before each write the product sends through its one DynamoDB
 * client, the items it may touch are read; after a refused call those keys are read again and must
 * be as before. An item no write named cannot have changed, so this compares the whole table, at
 * one read per write (validation refusals cost nothing). To prove the journal sees every write
 * (no other client, no unknown command), the first SNAPSHOT_SAMPLE calls of each route ALSO compare
 * whole-table snapshots — cheap here, because the suite runs on a table of its own (below).
 * One change is allowed on a refusal, and only that one: an id counter moved up (`isIdTaken`).
 *
 * A table of its own. The suite creates a fresh table on the jest run's DynamoDB Local and points
 * the handlers at it. The fuzz writes freely — the platform's channel-type catalogue included,
 * whose system-admin routes it exercises — without touching what other suites read or snapshot,
 * and a whole-table snapshot holds only this suite's items. (The change-stream poller of the jest
 * run watches the shared table only, so one-write line edits here get no stream audit entry;
 * nothing in this suite reads audit entries.)
 *
 * Worlds. One company per service (per part, for a service cut in parts), made in its describe; the routes run in manifest
 * order in that company, each after its fixture's positive call, so a service's later routes meet
 * what its earlier ones made (as the permission matrix does). Fuzzing one service (a company turning
 * RequireMfa on, an account archived) does not starve another.
 *
 * Shards. The routes are split over the fuzz-routes-<n>.test.ts files (`shardPlan`), each with its
 * own table and companies, so jest's workers run them side by side and none holds up a worker alone.
 *
 * Reproducing. The seed is fixed (each route's is derived from it and the route's name) and printed
 * by fast-check on a failure along with the call; MIXDESK_FUZZ_SEED=<n> varies it,
 * MIXDESK_FUZZ_RUNS=<n> changes the runs per route, MIXDESK_FUZZ_ALL=1 lists every failing call of a
 * route instead of stopping at the first. Run the route's whole shard file with the seed: a
 * service's world depends on its earlier routes. Failing runs are not shrunk: a call changes the
 * world, so a shrunk replay would not be the same call.
 */

const BASE_SEED = Number(process.env.MIXDESK_FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.MIXDESK_FUZZ_RUNS ?? 200);
const KEEP_GOING = process.env.MIXDESK_FUZZ_ALL === '1';
const SNAPSHOT_SAMPLE = 1;

const key = (r: RouteDef) => `${r.service}.${r.method}`;

/** A route's seed: the base seed and its name, so routes do not share one sequence. */
function seedOf(name: string): number {
  let h = BASE_SEED | 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

// ---------------------------------------------------------------------------------------------
// The call plan fast-check generates, applied to the fixture's current body at run time.

const DROP = Symbol('drop');
/** A placeholder for a page token forged at run time from one the route handed out. */
const FORGE = Symbol('forge');
type Forgery = { pick: number; leaf: number; kind: number };
type Mutation = { path: string[]; value: unknown };
type Who = 'allowed' | 'admin' | 'planner' | 'approver' | 'analyst' | 'client';
type Header = 'fixture' | 'main' | 'sub' | 'other' | { raw: string };
type Encoding = 'json' | 'form' | { raw: string };
interface Plan {
  who: Who;
  header: Header;
  encoding: Encoding;
  edges: number[] | null;
  mutations: Mutation[];
}

/** Keys a client may try to smuggle in (the schemas strip them; the domain must never read them). */
const SMUGGLED_KEYS = [
  'companyId',
  'CompanyId',
  'Status',
  'isSystemAdmin',
  'permissions',
  'pk',
  'sk',
  'CreatedBy',
  'Archived',
  '__proto__',
  'constructor',
];

/** Every path to a value of a body, inner nodes included. */
function bodyPaths(value: unknown, path: string[] = []): string[][] {
  if (value && typeof value === 'object') {
    return [...(path.length ? [path] : []), ...Object.entries(value).flatMap(([k, v]) => bodyPaths(v, [...path, k]))];
  }
  return path.length ? [path] : [];
}

function schemaAt(schema: ZodType, path: string[]): ZodType | undefined {
  let s: ZodType | undefined = schema;
  for (const step of path) s = s && childSchema(s, /^\d+$/.test(step) ? '0' : step);
  return s;
}

function mutationArb(schema: ZodType, base: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const seen = new Set<string>();
  const paths = [...schemaPaths(schema), ...bodyPaths(base)].filter(
    (p) => !seen.has(p.join('.')) && seen.add(p.join('.')),
  );
  const at = (path: string[]) => {
    const s = schemaAt(
      schema,
      path.map((p) => (p === '*' ? 'x' : p)),
    );
    const forged = fc.record({ pick: fc.nat(), leaf: fc.nat(), kind: fc.nat() }).map((f): unknown => ({ [FORGE]: f }));
    const value = s
      ? fc.oneof(
          { weight: 5, arbitrary: derived(s) },
          { weight: 3, arbitrary: hostile() },
          { weight: 1, arbitrary: fc.constant<unknown>(DROP) },
          ...(/token$/i.test(path[path.length - 1]) ? [{ weight: 9, arbitrary: forged }] : []),
        )
      : fc.oneof({ weight: 3, arbitrary: hostile() }, { weight: 1, arbitrary: fc.constant<unknown>(DROP) });
    // '*' is a record key (a month of MonthlySplit): a plausible one or any text.
    const steps = fc.tuple(
      ...path.map((p) =>
        p === '*'
          ? fc.oneof(fc.stringMatching(/^20\d{2}-(0[1-9]|1[0-2])$/), fc.string({ maxLength: 8 }))
          : fc.constant(p),
      ),
    );
    return fc.record({ path: steps, value });
  };
  const smuggled = fc.record({
    path: fc
      .tuple(fc.constantFrom(...SMUGGLED_KEYS))
      .chain((k) =>
        fc.constantFrom(
          [k[0]],
          ...paths
            .filter((p) => p.length === 1 && base[p[0]] && typeof base[p[0]] === 'object' && !Array.isArray(base[p[0]]))
            .map((p) => [p[0], k[0]]),
        ),
      ),
    value: fc.oneof(hostile(), fc.constantFrom<unknown>(true, 1, 'Admin', { polluted: true })),
  });
  if (!paths.length) return smuggled; // an empty schema (list routes with no filter): only what must be ignored
  return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...paths).chain(at) }, { weight: 1, arbitrary: smuggled });
}

function planArb(schema: ZodType, base: Record<string, unknown>, edgeCount: number): fc.Arbitrary<Plan> {
  const mutation = mutationArb(schema, base);
  const call = fc.record({
    who: fc.oneof(
      { weight: 5, arbitrary: fc.constant<Who>('allowed') },
      { weight: 5, arbitrary: fc.constantFrom<Who>('admin', 'planner', 'approver', 'analyst', 'client') },
    ),
    header: fc.oneof(
      { weight: 16, arbitrary: fc.constant<Header>('fixture') },
      { weight: 3, arbitrary: fc.constantFrom<Header>('main', 'sub', 'other') },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('abc', '0', '-1', '2147483648', '987654321', ' 1', '1e3', '')
          .map<Header>((raw) => ({ raw })),
      },
    ),
    encoding: fc.oneof(
      { weight: 24, arbitrary: fc.constant<Encoding>('json') },
      { weight: 2, arbitrary: fc.constant<Encoding>('form') },
      {
        weight: 1,
        arbitrary: fc
          .oneof(
            fc.constantFrom(
              '{',
              '[1]',
              'null',
              '"text"',
              '{"a":1}{',
              '\u0000',
              'true',
              '{"__proto__":{"isSystemAdmin":true}}',
            ),
            fc.string({ unit: 'binary', maxLength: 30 }),
          )
          .map<Encoding>((raw) => ({ raw })),
      },
    ),
  });
  // Most calls: the fixture's body with 0 to 6 mutations. Some: its numbers at the edges validation
  // accepts, with at most one mutation (more would mostly make it invalid before the arithmetic).
  const mutated = fc.record({
    edges: fc.constant(null),
    mutations: fc.oneof(
      { weight: 2, arbitrary: fc.constant<Mutation[]>([]) },
      { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
      { weight: 3, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 6 }) },
    ),
  });
  const atEdges = fc.record({
    edges: fc.array(fc.nat(), { minLength: edgeCount, maxLength: edgeCount }),
    mutations: fc.array(mutation, { maxLength: 1 }),
  });
  const body = edgeCount ? fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: atEdges }) : mutated;
  return fc.tuple(call, body).map(([c, b]) => ({ ...c, ...b }));
}

/**
 * A page token forged from one the route handed out (or a made-up one): base64url JSON with one
 * leaf emptied, moved to another key range ('A#' → 'X#'), pushed past its range, pointed at another
 * company, made a wrong type, removed, or an attribute added; or the text itself cut or altered.
 */
function forgeToken(f: Forgery, issued: string[]): string {
  const pool = issued.length
    ? issued
    : [{ k: { pk: 'C#1', sk: 'ACCOUNT#0000000001' } }, { o: 3 }].map((t) =>
        Buffer.from(JSON.stringify(t)).toString('base64url'),
      );
  const token = pool[f.pick % pool.length];
  type Json = Record<string, unknown>;
  let decoded: Json | undefined;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Json;
  } catch {
    decoded = undefined;
  }
  if (!decoded || typeof decoded !== 'object' || f.kind % 10 === 9) {
    return [token.slice(0, -2), `${token}A`, token.replace(/[A-Za-z]/, (c) => (c === 'A' ? 'B' : 'A')), ''][f.kind % 4];
  }
  const leaves: [Json, string][] = [];
  const walk = (o: Json) =>
    Object.entries(o).forEach(([k, v]) => (v && typeof v === 'object' ? walk(v as Json) : leaves.push([o, k])));
  walk(decoded);
  if (leaves.length) {
    const [o, k] = leaves[f.leaf % leaves.length];
    const v = o[k];
    switch (f.kind % 9) {
      case 0:
        o[k] = '';
        break;
      case 1:
        o[k] = typeof v === 'string' ? v.replace(/(^|#)A#/, '$1X#').replace(/^A/, 'X') : -1;
        break;
      case 2:
        o[k] = typeof v === 'string' ? `${v}~~~` : 1e21;
        break;
      case 3:
        o[k] = typeof v === 'string' ? v.replace(/C#\d+/, 'C#1') : 0.5;
        break;
      case 4:
        o[k] = typeof v === 'string' ? 42 : String(v);
        break;
      case 5:
        delete o[k];
        break;
      case 6:
        o.extra = 'x';
        break;
      case 7:
        o[k] = typeof v === 'string' ? v.replace(/\d{4}-\d{2}-\d{2}/, '9999-12-31') : null;
        break;
      default:
        o[k] = typeof v === 'string' ? v.slice(0, Math.max(0, v.length - 3)) : [v];
        break;
    }
  }
  return Buffer.from(JSON.stringify(decoded)).toString('base64url');
}

/** Every string a reply hands out under a key ending in "token" (NextToken): what a client can forge from. */
function tokensIn(value: unknown, found: string[] = []): string[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && v && /token$/i.test(k)) found.push(v);
      else tokensIn(v, found);
    }
  }
  return found;
}

/** Numbers set to the edges validation accepts (`numericEdges`), chosen per field by the plan. */
function applyEdges(
  base: Record<string, unknown>,
  edges: ReturnType<typeof numericEdges>,
  choice: number[] | null,
): Record<string, unknown> {
  if (!choice) return base;
  const body = structuredClone(base);
  edges.forEach(({ path, values }, i) => {
    const pick = choice[i] % (values.length + 1);
    if (pick === 0) return;
    let at: unknown = body;
    for (const step of path.slice(0, -1)) at = (at as Record<string, unknown> | undefined)?.[step];
    const node = at as Record<string, unknown> | undefined;
    if (node && typeof node === 'object' && typeof node[path[path.length - 1]] === 'number')
      node[path[path.length - 1]] = values[pick - 1];
  });
  return body;
}

/** `base` with the mutations applied (objects made on the way; an array index past its end appends). */
function applyMutations(
  base: Record<string, unknown>,
  mutations: Mutation[],
  issued: string[],
): Record<string, unknown> {
  const body = structuredClone(base);
  for (const { path, value: planned } of mutations) {
    const value =
      planned && typeof planned === 'object' && FORGE in planned
        ? forgeToken((planned as Record<symbol, Forgery>)[FORGE], issued)
        : planned;
    let at: Record<string, unknown> = body;
    for (const step of path.slice(0, -1)) {
      if (at[step] === null || typeof at[step] !== 'object') at[step] = {};
      at = at[step] as Record<string, unknown>;
    }
    let last = path[path.length - 1];
    if (Array.isArray(at)) {
      if (!/^\d+$/.test(last)) continue; // JSON carries no named keys of an array
      last = String(Math.min(Number(last), at.length));
    }
    if (value === DROP) {
      if (Array.isArray(at)) (at as unknown[]).splice(Number(last), 1);
      else delete at[last];
    } else {
      // defineProperty: `__proto__` must become an own key, as JSON.parse makes it on the server.
      Object.defineProperty(at, last, {
        value: structuredClone(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return body;
}

/** The legacy form post of a body: objects and arrays as JSON text, the rest as strings. */
function asForm(body: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    form.append(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v === null ? '' : String(v));
  }
  return form.toString();
}

// ---------------------------------------------------------------------------------------------
// What every reply must be.

/**
 * Does a 400's message name what is wrong? It starts with a field path whose first step is a key
 * of the route's schema or of the body sent (`account.Name: is required`, `ids.3: …`), or with the
 * header or the body as a whole (`x-account-id: …`, `body: …`, `Request body is not valid JSON`) —
 * the forms the kit's validate/parseBody and the domain's ValidationErrors use.
 */
function namesTheProblem(message: string, fields: Set<string>): boolean {
  if (/^Request body /.test(message)) return true;
  const head = /^([^\s:;]+):/.exec(message)?.[1];
  if (!head) return false;
  return head === 'x-account-id' || head === 'body' || fields.has(head.split('.')[0]);
}

function problemsOf(reply: Reply, fields: Set<string>): string[] {
  const { status, body } = reply;
  if (status >= 200 && status < 300) return body?.Success === true ? [] : [`${status} without Success: true`];
  if (status < 400 || status >= 500) return [`answered ${status}`];
  const problems: string[] = [];
  if (body?.Success !== false) problems.push(`${status} without Success: false`);
  if (typeof body?.ErrorMessage !== 'string' || !body.ErrorMessage.trim())
    problems.push(`${status} without an ErrorMessage`);
  else if (status === 400 && !namesTheProblem(body.ErrorMessage, fields))
    problems.push(`400 that names no field: "${body.ErrorMessage}"`);
  return problems;
}

/**
 * The one change a refused call may leave: an id taken from a per-company counter
 * (`COUNTER#<Entity>`, only its value moved up). A create takes its id in parallel with the reads
 * that may refuse it (SaveMediaChannel: docs/table-design.md, "Any other line save"), so a refusal
 * can burn an id. That leaves a gap in the numbering and nothing else: no entity, no total, nothing
 * a user sees. Anything more on a counter (a reset, another attribute) is still a failure.
 */
function isIdTaken(x: ItemChange): boolean {
  if (!x.sk.startsWith('COUNTER#') || x.before === 'absent' || x.after === 'absent') return false;
  const was = JSON.parse(x.before) as Record<string, unknown>;
  const now = JSON.parse(x.after) as Record<string, unknown>;
  return (
    typeof was.value === 'number' &&
    typeof now.value === 'number' &&
    now.value > was.value &&
    JSON.stringify({ ...was, value: 0 }) === JSON.stringify({ ...now, value: 0 })
  );
}

/** The items that differ between two whole-table snapshots (stable JSON lines), by key. */
function snapshotChanges(before: string[], after: string[]): ItemChange[] {
  const byKey = (lines: string[]) =>
    new Map(
      lines.map((l) => {
        const { pk, sk } = JSON.parse(l) as { pk: string; sk: string };
        return [`${pk}\u0000${sk}`, l] as const;
      }),
    );
  const [was, now] = [byKey(before), byKey(after)];
  return [...new Set([...was.keys(), ...now.keys()])]
    .filter((k) => was.get(k) !== now.get(k))
    .map((k) => {
      const [pk, sk] = k.split('\u0000');
      return { pk, sk, before: was.get(k) ?? 'absent', after: now.get(k) ?? 'absent' };
    });
}

// ---------------------------------------------------------------------------------------------

/**
 * Seconds a service's 200 calls per route took here (2-core machine, two shards at a time), which
 * weigh the split below. The user pool's routes (every call of users and companies also reaches
 * cognito-local), the orders' (their fixtures make an approved plan and its orders) and the sync's
 * cost far more per route than a read, so a count of routes alone put one shard at twice the others.
 * A service not listed weighs a second per route.
 */
const SERVICE_SECONDS: Record<string, number> = {
  OrdersService: 42,
  AccountsService: 35,
  UsersService: 35,
  ConnectorsService: 33,
  MediaMixService: 25,
  VendorBillsService: 22,
  CompaniesService: 15,
  ReportsService: 11,
  ActivitiesService: 9,
  BillingService: 9,
  TemplatesService: 9,
  ExchangeRatesService: 8,
  ConfigurationsService: 7,
  CreativesService: 7,
  VendorsService: 7,
  NotificationsService: 6,
  ApprovalsService: 5,
  CustomColumnsService: 4,
  MonitoringService: 4,
  AnalyticsService: 3,
  ChannelTypesService: 3,
  DashboardService: 3,
  PerformanceService: 3,
  AuthService: 2,
  MainService: 2,
  AuditService: 1,
};

/**
 * Services never cut in parts: the fixtures of the orders' later routes take the approved plan and
 * orders its earlier routes made, and a part of its own would make them all again (+50 % measured).
 */
const UNCUT = new Set(['OrdersService']);

/** Some routes of one service, fuzzed in order in a company of their own. */
export interface FuzzPart {
  label: string;
  service: string;
  routes: RouteDef[];
}

/**
 * The parts each shard fuzzes: `of` files (fuzz-routes-N.test.ts) run side by side in jest's
 * workers. A service heavier than a shard's fair share is cut (unless UNCUT) into consecutive runs
 * of its routes (each part makes its own company, and each route's fixture seeds what it needs);
 * the parts then go to the lightest shard so far, heaviest first. The plan depends on the manifest
 * only.
 */
export function shardPlan(of: number): FuzzPart[][] {
  const services = [...new Set(ROUTES.map((r) => r.service))];
  const routesOf = (service: string) => ROUTES.filter((r) => r.service === service).map((r) => r as RouteDef);
  const weight = (service: string) => SERVICE_SECONDS[service] ?? routesOf(service).length;
  const fair = services.reduce((sum, s) => sum + weight(s), 0) / of;
  const parts = services.flatMap((service) => {
    const routes = routesOf(service);
    const n = UNCUT.has(service) ? 1 : Math.min(routes.length, Math.ceil(weight(service) / fair));
    const size = Math.ceil(routes.length / n);
    const count = Math.ceil(routes.length / size);
    return Array.from({ length: count }, (_, i) => ({
      label: count > 1 ? `${service} (part ${i + 1} of ${count})` : service,
      service,
      routes: routes.slice(i * size, (i + 1) * size),
      weight: (weight(service) * Math.min(size, routes.length - i * size)) / routes.length,
    }));
  });
  const bins = Array.from({ length: of }, () => ({ weight: 0, parts: [] as FuzzPart[] }));
  for (const { weight: w, ...part } of parts.sort((x, y) => y.weight - x.weight || x.label.localeCompare(y.label))) {
    const bin = bins.reduce((min, b) => (b.weight < min.weight ? b : min));
    bin.weight += w;
    bin.parts.push(part);
  }
  return bins.map((b) => b.parts);
}

/** The fuzz of one shard's services, on a table of its own (see the header). */
export function describeFuzzShard(shard: number, of: number): void {
  const FUZZ_TABLE = `mixdesk-fuzz-${shard}-${process.pid}-${Date.now().toString(36)}`;
  const savedEnv = { table: process.env.MIXDESK_TEST_TABLE, name: process.env.TABLE_NAME };
  const loggedErrors: unknown[][] = [];

  beforeAll(async () => {
    useTestTable();
    // No stream: nothing reads it, and its stream records would slow every later write on this engine (ensureTable).
    await ensureTable(process.env.MIXDESK_TEST_DYNAMO_ENDPOINT!, FUZZ_TABLE, { stream: false });
    // makeCompany and the fixtures call useTestTable(), which reads MIXDESK_TEST_TABLE: this file only.
    process.env.MIXDESK_TEST_TABLE = FUZZ_TABLE;
    useTestTable();
    // The kit logs an unexpected error with its stack (logging is silent in tests): keep it for the report.
    jest.spyOn(log, 'error').mockImplementation((...args: unknown[]) => void loggedErrors.push(args));
  });

  afterAll(async () => {
    process.env.MIXDESK_TEST_TABLE = savedEnv.table;
    process.env.TABLE_NAME = savedEnv.name;
    const client = localDynamoClient(process.env.MIXDESK_TEST_DYNAMO_ENDPOINT!);
    try {
      await client.send(new DeleteTableCommand({ TableName: FUZZ_TABLE }));
    } finally {
      client.destroy();
    }
  });

  if (shard === 1)
    it('the shards together fuzz every route of the manifest once, a service in manifest order', () => {
      const parts = shardPlan(of).flat();
      expect(parts.flatMap((p) => p.routes.map(key)).sort()).toEqual(ROUTES.map((r) => key(r as RouteDef)).sort());
      const at = (p: FuzzPart) => ROUTES.findIndex((r) => key(r as RouteDef) === key(p.routes[0]));
      for (const service of new Set(parts.map((p) => p.service))) {
        const inOrder = parts.filter((p) => p.service === service).sort((x, y) => at(x) - at(y));
        expect(inOrder.flatMap((p) => p.routes.map(key))).toEqual(
          ROUTES.filter((r) => r.service === service).map((r) => key(r as RouteDef)),
        );
      }
    });

  describe.each(shardPlan(of)[shard - 1].map((part) => [part.label, part] as const))('%s', (label, part) => {
    let c: Company;
    beforeAll(async () => {
      c = await makeCompany(`Fuzz ${label}`);
    });

    it.each(part.routes.map((r) => [key(r), r] as const))(
      '%s: 200 generated calls answer 2xx or a 4xx naming the problem, and a refusal changes nothing',
      async (name, route) => {
        const fixture = ROUTE_FIXTURES[name];
        let call: RouteCall = await fixture(c);
        const users: Record<Exclude<Who, 'allowed'>, RouteCall['allowed']> = {
          admin: c.admin,
          planner: c.planner,
          approver: c.approver,
          analyst: c.analyst,
          client: c.client,
        };
        const headers: Record<'main' | 'sub' | 'other', number> = {
          main: c.accounts.main.ID,
          sub: c.accounts.sub.ID,
          other: c.accounts.other.ID,
        };
        const schemaKeys = Object.keys((route.input as unknown as { shape: Record<string, unknown> }).shape);
        const failures: string[] = [];
        const issued: string[] = [];
        const edges = numericEdges(route.input as ZodType, call.body);
        let runs = 0;

        const send = async (plan: Plan): Promise<void> => {
          const body = applyMutations(applyEdges(call.body, edges, plan.edges), plan.mutations, issued);
          const opts: InvokeOptions = {
            // As a warm container answers: its caches kept from call to call (the caller's identity is
            // still read on every call), which also takes read routes through the gate-beside path.
            warm: true,
            as: plan.who === 'allowed' ? call.allowed : users[plan.who],
            accountId:
              plan.header === 'fixture'
                ? call.accountId
                : typeof plan.header === 'string'
                  ? headers[plan.header]
                  : plan.header.raw,
          };
          if (plan.encoding === 'json') opts.body = body;
          else if (plan.encoding === 'form')
            Object.assign(opts, { rawBody: asForm(body), contentType: 'application/x-www-form-urlencoded' });
          else opts.rawBody = plan.encoding.raw;

          const sampled = runs++ < SNAPSHOT_SAMPLE;
          const tableBefore = sampled ? await wholeTable() : undefined;
          loggedErrors.length = 0;
          startWriteJournal();
          const reply = await invoke(route.service, route.method, opts);
          for (const t of tokensIn(reply.body?.Response)) if (issued.length < 50 && !issued.includes(t)) issued.push(t);
          const changed = (await changedItems()).filter((c) => !isIdTaken(c));

          const problems = problemsOf(reply, new Set([...schemaKeys, ...Object.keys(body)]));
          if (reply.status >= 400 && reply.status < 500) {
            if (changed.length) {
              const shown = changed.map((x) => `${x.pk} ${x.sk}: ${x.before.slice(0, 400)} → ${x.after.slice(0, 400)}`);
              problems.push(`refused, yet changed ${changed.length} item(s):\n    ${shown.join('\n    ')}`);
            }
            if (tableBefore) {
              const unseen = snapshotChanges(tableBefore, await wholeTable()).filter((x) => !isIdTaken(x));
              if (unseen.length)
                problems.push(
                  `refused, yet the whole-table snapshot changed:\n    ${unseen.map((x) => `${x.pk} ${x.sk}`).join('\n    ')}`,
                );
            }
          } else if (reply.status < 300 && route.access === 'write') {
            call = await fixture(c); // the next bodies carry what this call changed (versions)
          }
          if (problems.length) {
            const sentBody = opts.rawBody ?? JSON.stringify(opts.body);
            const report = [
              `${name} as ${plan.who} (${opts.as && 'sub' in opts.as ? opts.as.sub : '?'}), x-account-id ${JSON.stringify(opts.accountId)}, ${typeof plan.encoding === 'string' ? plan.encoding : 'raw'} body:`,
              `  ${sentBody.length > 1500 ? `${sentBody.slice(0, 1500)}… (${sentBody.length} chars)` : sentBody}`,
              `  → ${reply.status} ${JSON.stringify(reply.body).slice(0, 600)}`,
              ...problems.map((p) => `  ✗ ${p}`),
              ...loggedErrors.map((e) => `  logged: ${JSON.stringify(e).slice(0, 2500)}`),
            ].join('\n');
            failures.push(report);
            if (!KEEP_GOING) throw new Error(report);
          }
        };

        // The fixture's own call first (positive control and seeding, as the permission matrix does it).
        await send({ who: 'allowed', header: 'fixture', encoding: 'json', edges: null, mutations: [] });
        await fc.assert(fc.asyncProperty(planArb(route.input as ZodType, call.body, edges.length), send), {
          numRuns: RUNS,
          seed: seedOf(name),
          endOnFailure: true,
        });
        expect(failures).toEqual([]);
        // 200 calls of a route that makes a company (a user pool user each) or syncs took up to ~60 s on
        // this 2-core machine under load; a test cut off by the timeout leaves its write journal open and
        // every later route of the run fails with it, so the limit is per route and generous.
      },
      240_000,
    );
  });
}
