import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { ROUTE_FIXTURES, type RouteCall } from '../support/route-fixtures';
import { invoke, makeCompany, useOwnTable, type Company, type Reply } from '../support/world';
import { changedItems, startWriteJournal } from '../support/write-journal';
import { allShards, routesOfShard } from './route-shards';

/**
 * Generated from the route manifest: bad input on every route answers a 4xx envelope that names the
 * problem — never a 500 — and leaves the table exactly as it was. "As it was" is read from the write
 * journal (test/support/write-journal.ts), kept open over each route's calls: every item any of
 * them wrote to, compared before and after, which is the whole table's difference at one read per
 * write (the fuzz suite proves on every route that the journal sees every write the product makes).
 */
const key = (r: RouteDef) => `${r.service}.${r.method}`;

function expectRefusal(r: Reply, statuses: number[], mention?: string) {
  expect(statuses).toContain(r.status);
  expect(r.body.Success).toBe(false);
  expect(typeof r.body.ErrorMessage).toBe('string');
  if (mention) expect(r.body.ErrorMessage).toContain(mention);
}

/** A value of the wrong type for whatever `v` is. */
const wrongType = (v: unknown): unknown =>
  typeof v === 'number'
    ? 'abc'
    : typeof v === 'string'
      ? { nested: true }
      : typeof v === 'boolean'
        ? 'maybe'
        : v === null
          ? []
          : 42;

/** Every path to a leaf of a fixture body, e.g. ['account', 'Name']. */
function leaves(value: unknown, path: string[] = []): string[][] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [path];
}

function withLeaf(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const p of path.slice(0, -1)) at = at[p] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

/** Fields that name an entity: an unknown value must give 403/404, not 500. */
const ID_FIELDS = new Set(['accountId', 'mainAccountId', 'ParentId', 'ID']);

/** The bad input of one shard's routes (bad-input-N.test.ts), on a table of its own. */
export function describeBadInputShard(shard: number, of: number): void {
  let c: Company;
  beforeAll(async () => {
    // Its own table: the generated calls never meet another suite's items.
    await useOwnTable(`bad-input-${shard}`);
    c = await makeCompany('Bad Input Agency');
  });

  if (shard === 1)
    it('the shards together cover every route once, in manifest order', () => {
      expect(allShards(of).map(key)).toEqual(ROUTES.map((r) => key(r as RouteDef)));
    });

  describe.each(routesOfShard(shard, of).map((r) => [key(r), r] as const))('%s', (name, route) => {
    // The fixture may seed what its call needs (a plan to approve, an exchange rate…); the journal
    // starts after it, so what is compared is exactly what the bad calls below did: nothing.
    let call: RouteCall;
    beforeAll(async () => {
      call = await ROUTE_FIXTURES[name](c);
      startWriteJournal();
    });
    afterAll(async () => {
      expect(await changedItems()).toEqual([]);
    });

    it('malformed JSON, an array body and a wrong content type', async () => {
      const as = call.allowed;
      expectRefusal(
        await invoke(route.service, route.method, { as, accountId: call.accountId, rawBody: '{"accountId": 1,' }),
        [400],
        'not valid JSON',
      );
      expectRefusal(
        await invoke(route.service, route.method, { as, accountId: call.accountId, rawBody: '[1,2,3]' }),
        [400],
        'JSON object',
      );
      const asForm = await invoke(route.service, route.method, {
        as,
        accountId: call.accountId,
        rawBody: 'account={oops}',
        contentType: 'application/x-www-form-urlencoded',
      });
      expectRefusal(asForm, [400]);
    });

    it('missing fields are named', async () => {
      const empty = route.input.safeParse({});
      const r = await invoke(route.service, route.method, { as: call.allowed, accountId: call.accountId, body: {} });
      if (empty.success) {
        // Every field has a default (e.g. GetAccountsList): an empty body is a valid call.
        expect(r.status).not.toBe(500);
        // A write with nothing to send (StartCompanyExport) did its work: compare the bad calls from here.
        if (route.access === 'write' && r.status < 300) startWriteJournal();
      } else {
        expectRefusal(r, [400], String(empty.error.issues[0].path[0]));
      }
    });

    it('each field with a wrong type is refused by name', async () => {
      for (const path of leaves(call.body)) {
        if (
          path.at(-1) === 'version' ||
          path.at(-1)?.endsWith('At') ||
          path.at(-1)?.endsWith('By') ||
          path.at(-1) === 'Status' ||
          path.at(-1) === 'PhoneE164'
        )
          continue; // read-only fields the server ignores (PhoneE164 is derived from Phone)
        const r = await invoke(route.service, route.method, {
          as: call.allowed,
          accountId: call.accountId,
          body: withLeaf(call.body, path, wrongType(getLeaf(call.body, path))),
        });
        expectRefusal(r, [400], path.join('.'));
      }
    });

    it('overlong strings are refused by name', async () => {
      for (const path of leaves(call.body)) {
        const v = getLeaf(call.body, path);
        if (
          typeof v !== 'string' ||
          path.at(-1)?.endsWith('At') ||
          path.at(-1)?.endsWith('By') ||
          path.at(-1) === 'Status'
        )
          continue;
        const r = await invoke(route.service, route.method, {
          as: call.allowed,
          accountId: call.accountId,
          body: withLeaf(call.body, path, 'x'.repeat(20_000)),
        });
        expectRefusal(r, [400], path.join('.'));
      }
    });

    // Every string field goes through the one normalisation (shared/schema-fields.ts).
    const userStrings = () =>
      leaves(call.body).filter((path) => {
        const v = getLeaf(call.body, path);
        return (
          typeof v === 'string' &&
          !path.at(-1)?.endsWith('At') &&
          !path.at(-1)?.endsWith('By') &&
          path.at(-1) !== 'Status'
        );
      });

    it('a required string field given only zero-width spaces is refused by name', async () => {
      for (const path of userStrings()) {
        // Required = the schema refuses it empty.
        const empty = route.input.safeParse(withLeaf(call.body, path, ''));
        if (empty.success || !empty.error.issues.some((i) => i.path.join('.') === path.join('.'))) continue;
        const r = await invoke(route.service, route.method, {
          as: call.allowed,
          accountId: call.accountId,
          body: withLeaf(call.body, path, '\u200B\u200C\uFEFF\u2060\u200B'),
        });
        expectRefusal(r, [400], path.join('.'));
      }
    });

    it('a string with a bidi override, a NUL or a lone surrogate reaches the method without them, or is refused by name', () => {
      for (const path of userStrings()) {
        const value = `${String(getLeaf(call.body, path))}\u202E\u0000\uD800`;
        const parsed = route.input.safeParse(withLeaf(call.body, path, value));
        if (!parsed.success) {
          expect(parsed.error.issues.map((i) => i.path.join('.'))).toContain(path.join('.'));
          continue;
        }
        const stored = String(getLeaf(parsed.data as Record<string, unknown>, path));
        expect(stored).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u0000]/);
        expect(stored).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }
    });

    it('unknown ids answer 403/404, a bad x-account-id 400/403', async () => {
      for (const path of leaves(call.body)) {
        if (
          !ID_FIELDS.has(path.at(-1)!) ||
          typeof getLeaf(call.body, path) !== 'number' ||
          (getLeaf(call.body, path) as number) <= 0
        )
          continue;
        const r = await invoke(route.service, route.method, {
          as: call.allowed,
          accountId: call.accountId,
          body: withLeaf(call.body, path, 987654321),
        });
        expectRefusal(r, [400, 403, 404, 409]);
      }
      if (route.accountScope !== 'none') {
        expectRefusal(
          await invoke(route.service, route.method, { as: call.allowed, accountId: 'abc', body: call.body }),
          [400],
          'x-account-id',
        );
        expectRefusal(
          await invoke(route.service, route.method, { as: call.allowed, accountId: 987654321, body: call.body }),
          [403],
        );
      }
    });
  });
}

function getLeaf(body: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>((at, p) => (at as Record<string, unknown>)[p], body);
}
