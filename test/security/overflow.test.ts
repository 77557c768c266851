import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import {
  MAX_ACTIVITY_BUDGET,
  MAX_CREATIVE_FEE,
  MAX_CREATIVES,
  MAX_FEE_PCT,
  MAX_LINE_BUDGET,
  MAX_PLAN_RATE,
  MAX_RATE,
  MAX_BILL_AMOUNT,
  MAX_SETUP_FEE,
  MAX_UNIT_COST,
  MAX_VAT_PCT,
  MIN_PLAN_RATE,
  MIN_UNIT_COST,
} from '../../lambdas/shared/money-limits';
import { ROUTE_FIXTURES, type RouteCall } from '../support/route-fixtures';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * Generated from the route manifest and its fixtures (test/support/route-fixtures.ts): on every
 * route whose valid body has money-like number fields, each such field at each end of its limit
 * (lambdas/shared/money-limits.ts; one past the other kind's limit too) — alone, and all at once —
 * answers anything but a 500: accepted, or refused by name. Then every read of a plan still answers.
 * The fields are found in the fixtures' bodies (a field a fixture leaves out is not probed here; the
 * money routes' fixtures send all of theirs). The CSV import's rates are probed as CSV rows.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Overflow Probe Agency');
});

const key = (r: RouteDef) => `${r.service}.${r.method}`;

/** A money-like field name (not ids, dates or sizes). */
const MONEY_LIKE = /budget|cost|rate|fee|pct|creatives|amount|price|split/i;

/** The values each money-like field is probed with: its limits, and the other routes' limits for the same name. */
const EXTREMES: Record<string, number[]> = {
  Budget: [MAX_LINE_BUDGET, MAX_ACTIVITY_BUDGET, MAX_ACTIVITY_BUDGET + 0.01],
  totalBudget: [MAX_LINE_BUDGET, MAX_LINE_BUDGET + 0.01],
  UnitCost: [MAX_UNIT_COST, MIN_UNIT_COST, 0.000001],
  ManagementFeePct: [MAX_FEE_PCT],
  SystemFeePct: [MAX_FEE_PCT],
  SharePct: [100],
  /** SaveAccountManagementFee / SaveAccountSystemFee and the account's own fee. */
  management_fee: [MAX_FEE_PCT],
  system_fee: [MAX_FEE_PCT],
  ManagementFee: [MAX_FEE_PCT],
  SystemFee: [MAX_FEE_PCT],
  VatPct: [MAX_VAT_PCT],
  ImageCreatives: [MAX_CREATIVES],
  VideoCreatives: [MAX_CREATIVES],
  ImageSubmitFee: [MAX_CREATIVE_FEE, MAX_SETUP_FEE],
  VideoSubmitFee: [MAX_CREATIVE_FEE, MAX_SETUP_FEE],
  SetupFee: [MAX_SETUP_FEE],
  Rate: [MAX_PLAN_RATE, MIN_PLAN_RATE, MAX_RATE],
  /** A vendor bill's payment (its net, VAT and gross have the same limit). */
  amount: [MAX_BILL_AMOUNT, MAX_BILL_AMOUNT + 0.01],
};

/** Fields something is divided by: probed at their smallest too. */
const DIVISORS = new Set(['UnitCost', 'Rate']);

type Path = (string | number)[];

/** Every leaf of a body with its path, through objects and arrays. */
function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function withLeaf(body: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: any = copy;
  for (const p of path.slice(0, -1)) at = at[p];
  at[path[path.length - 1]] = value;
  return copy;
}

const fieldName = (path: Path) => String([...path].reverse().find((p) => typeof p === 'string'));
const moneyLeaves = (body: Record<string, unknown>) =>
  leaves(body).filter((l) => typeof l.value === 'number' && MONEY_LIKE.test(fieldName(l.path)));

function notA500(r: Reply, what: string) {
  // A refusal names a field; an acceptance is a 200. Never the generic 500.
  expect({ what, status: r.status === 500 ? `500: ${r.body.ErrorMessage}` : 'not 500' }).toEqual({
    what,
    status: 'not 500',
  });
  if (r.status >= 400) expect(typeof r.body.ErrorMessage).toBe('string');
}

const routes = ROUTES.map((r) => r as RouteDef);

describe('every money-like field at its limits is never a 500', () => {
  const probed: string[] = [];
  /** The plans the probes wrote to (mediaMixId → the page's account): each must still read afterwards. */
  const touched = new Map<number, number | undefined>();
  const remember = (call: RouteCall) => {
    for (const l of leaves(call.body))
      if (/^mediaMixId$/i.test(fieldName(l.path)) && typeof l.value === 'number') touched.set(l.value, call.accountId);
  };
  afterAll(() => {
    // The money routes this suite must reach (a fixture that stops sending its money fields fails here).
    expect(probed).toEqual(
      expect.arrayContaining([
        'AccountsService.SaveMediaChannel',
        'TemplatesService.ApplyTemplate',
        'TemplatesService.SaveTemplate',
        'ActivitiesService.SaveActivity',
        'ConfigurationsService.SaveConfigurations',
        'ExchangeRatesService.SaveExchangeRate',
        'ExchangeRatesService.ImportExchangeRates',
      ]),
    );
  });

  it.each(routes.map((r) => [key(r), r] as const))('%s', async (name, route) => {
    let call: RouteCall = await ROUTE_FIXTURES[name](c);
    if (name === 'ExchangeRatesService.ImportExchangeRates') {
      probed.push(name);
      for (const [pair, rate] of [
        ['USD,ILS', MAX_PLAN_RATE],
        ['ILS,USD', MIN_PLAN_RATE],
        ['USD,ILS', MAX_RATE],
        ['EUR,ILS', MAX_RATE],
        ['ILS,USD', 0.000001],
      ] as const) {
        const r = await invoke(route.service, route.method, {
          as: call.allowed,
          accountId: call.accountId,
          body: { csv: `date,from,to,rate\n2026-02-01,${pair},${rate}\n` },
        });
        notA500(r, `${pair} ${rate}`);
      }
      return;
    }
    const fields = moneyLeaves(call.body);
    if (!fields.length) return;
    probed.push(name);
    for (const f of fields) {
      const extremes = EXTREMES[fieldName(f.path)];
      // A money-like field without limits here is a field nobody bounded: name it.
      expect({ field: f.path.join('.'), known: extremes !== undefined }).toEqual({
        field: f.path.join('.'),
        known: true,
      });
      for (const value of extremes) {
        // Fixtures that save with a version need it fresh: each probe re-reads its call.
        call = await ROUTE_FIXTURES[name](c);
        remember(call);
        const r = await invoke(route.service, route.method, {
          as: call.allowed,
          accountId: call.accountId,
          body: withLeaf(call.body, f.path, value),
        });
        notA500(r, `${f.path.join('.')} = ${value}`);
      }
    }
    // All at once: every field at its largest probe (a line's Budget at the line limit), then the same
    // with each divisor (a unit cost, a rate) at its smallest: the products and quotients the limits bound.
    for (const divisors of ['largest', 'smallest'] as const) {
      call = await ROUTE_FIXTURES[name](c);
      remember(call);
      let all = call.body;
      for (const f of moneyLeaves(call.body)) {
        const field = fieldName(f.path);
        const values = EXTREMES[field].filter(
          (v) => v <= (field === 'Budget' && name !== 'ActivitiesService.SaveActivity' ? MAX_LINE_BUDGET : Infinity),
        );
        all = withLeaf(
          all,
          f.path,
          divisors === 'smallest' && DIVISORS.has(field) ? Math.min(...values) : Math.max(...values),
        );
      }
      notA500(
        await invoke(route.service, route.method, { as: call.allowed, accountId: call.accountId, body: all }),
        `every field at its maximum, divisors ${divisors}`,
      );
    }
  });

  it('after all of that, every plan the probes wrote to reads and exports (200), and every read route answers', async () => {
    expect(touched.size).toBeGreaterThan(0);
    for (const [versionId, accountId] of touched) {
      for (const method of ['GetMediaMixInfo', 'ExportMediaMix']) {
        const r = await invoke('MediaMixService', method, {
          as: c.planner,
          accountId,
          body: { mediaMixId: versionId },
        });
        expect({ method, mediaMixId: versionId, status: r.status, error: r.body.ErrorMessage }).toEqual({
          method,
          mediaMixId: versionId,
          status: 200,
          error: undefined,
        });
      }
    }
    for (const route of routes.filter((r) => r.access === 'read')) {
      const call = await ROUTE_FIXTURES[key(route)](c);
      notA500(
        await invoke(route.service, route.method, { as: call.allowed, accountId: call.accountId, body: call.body }),
        key(route),
      );
    }
  });
});
