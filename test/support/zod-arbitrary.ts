import fc from 'fast-check';
import type { ZodMiniType as ZodType } from 'zod/mini';

/**
 * fast-check arbitraries derived from a zod 4 schema, for the generated fuzz suite
 * (test/security/fuzz-routes.ts, run by the fuzz-routes-<n>.test.ts shards).
 *
 * Why not zod-fast-check: its last release (0.10.1) supports zod 3 and fast-check < 4 only, and
 * Mixdesk runs zod 4 and fast-check 4. So this walks zod 4's own definition (`schema._zod.def`).
 * It covers what the modules' schemas use: objects, strings with length and regex checks, numbers
 * with int/min/max, booleans, enums, literals, unions, optional/nullable/default, preprocess
 * (a pipe from a transform), records and arrays. A refinement (`.refine`) cannot be read back
 * from its function, so the base type is generated and the refinement may refuse it: that is
 * fine, the suite wants invalid bodies too. Anything unknown becomes an arbitrary JSON value.
 *
 * `derived(schema)` gives MOSTLY valid values; `hostile()` gives values chosen to break things
 * (boundary numbers, numbers as odd strings, wrong types, Unicode that normalisation must handle,
 * overlong and huge values). The fuzz suite mutates a valid fixture body with both.
 */

/** zod 4's internal definition of a schema, as far as this file reads it. */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, ZodType>;
  element?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  pattern?: RegExp;
  format?: string;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def) => (d.checks ?? []).map((c) => c._zod.def);

/** The wrappers whose inner schema is what a value has to match. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The schema a value is finally checked against, through wrappers and preprocessing: what decides
 * whether a path is an object, an array, a record or a leaf.
 */
export function structural(schema: ZodType): ZodType {
  let s: ZodType = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (WRAPPERS.has(d.type)) s = d.innerType!;
    else if (d.type === 'pipe') s = defOf(d.in!).type === 'transform' ? d.out! : d.in!;
    else return s;
  }
  return s;
}

/** The child schema at one step of a path ('*' = any array index or record key), or undefined. */
export function childSchema(schema: ZodType, step: string): ZodType | undefined {
  const d = defOf(structural(schema));
  if (d.type === 'object') return d.shape![step];
  if (d.type === 'array') return d.element!;
  if (d.type === 'record') return d.valueType!;
  return undefined;
}

/**
 * Every path of a schema, inner nodes included (so a mutation can replace a whole sub-object or
 * list), as arrays of steps. Array elements and record values appear once, under index 0 / key '*'.
 */
export function schemaPaths(schema: ZodType, prefix: string[] = []): string[][] {
  const d = defOf(structural(schema));
  const here = prefix.length ? [prefix] : [];
  if (d.type === 'object') {
    return [...here, ...Object.entries(d.shape!).flatMap(([k, v]) => schemaPaths(v, [...prefix, k]))];
  }
  if (d.type === 'array') return [...here, ...schemaPaths(d.element!, [...prefix, '0'])];
  if (d.type === 'record') return [...here, ...schemaPaths(d.valueType!, [...prefix, '*'])];
  return here;
}

// ---------------------------------------------------------------------------------------------
// Values a hostile client sends.

/** Characters the one text normalisation must cope with, and a few more. */
export const HOSTILE_TEXTS = [
  '',
  ' ',
  '   \t ',
  '\u200B',
  '\u200B\u200B\u200B',
  '\uFEFF',
  'Invoice\u202Egpj.exe',
  '\u202D\u202Eabc\u202C',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00y',
  'שלום עולם',
  'חשבון \u200Fלקוח',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'Ｍain Client',
  'Маin Client',
  'Main Client',
  'MAIN CLIENT',
  '<script>alert(1)</script>',
  "'; DROP TABLE x; --",
  '=HYPERLINK("http://x","y")',
  '@SUM(1+1)',
  '\r\n',
  'line\nbreak',
  '{"$ne":null}',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e21',
  ' 5 ',
  '0x10',
  '1,000',
  '١٢٣',
  '٫5',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  'USD',
  'usd',
  'US',
  'ILSX',
  '[1,2]',
  '[]',
  '[',
  '{',
];

/** Numbers at and beyond the limits the schemas and the money module keep. */
export const BOUNDARY_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.01,
  0.001,
  0.005,
  0.000001,
  1e-7,
  5e-324,
  0.1 + 0.2,
  99.99,
  100,
  100.01,
  101,
  1000,
  1000.001,
  10_000_000,
  10_000_000.01,
  999_999_999.99,
  1e9,
  1e12,
  1e12 + 0.01,
  1e15,
  1e18,
  1e21,
  1e300,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  987654321,
];

/** Numbers spelled as strings, as a form post or a sloppy client sends them. */
const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e21',
  '1e3',
  '  7 ',
  '0x1F',
  '1_000',
  '12abc',
  '',
  '0.30000000000000004',
  '9007199254740993',
  '-2147483649',
];

/** Strings too long for every field (20,000 chars stays under the 256 kB body limit; 300,000 does not). */
const overlong = () =>
  fc.constantFrom('x'.repeat(20_001), 'א'.repeat(5_000), '\u200B'.repeat(10_000), 'y'.repeat(300_000));

/** A random string of any code units, lone surrogates and controls included. */
const anyText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
  );

let hostileArbitrary: fc.Arbitrary<unknown> | undefined;

/** A value of any JSON type, chosen to break a parser, a check or the arithmetic behind it (built once: see `derived`). */
export function hostile(): fc.Arbitrary<unknown> {
  return (hostileArbitrary ??= buildHostile());
}

function buildHostile(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
    { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBER_STRINGS) },
    { weight: 2, arbitrary: anyText() },
    { weight: 1, arbitrary: overlong() },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, { nested: true }, [null], ['1', 2]) },
    { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 2147483647 }), { minLength: 501, maxLength: 20_000 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Mostly-valid values from a schema.

/** isoDate()'s pattern: fast-check can match it, but not know the day must also exist (a refinement). */
const isIsoDayPattern = (p: RegExp) => p.source === '^\\d{4}-\\d{2}-\\d{2}$';

/** Real calendar days around the fixtures' (2026), so date checks against activities are reached. */
const calendarDay = () =>
  fc
    .date({ min: new Date('2024-06-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

function stringArb(d: Def): fc.Arbitrary<unknown> {
  let min = 0;
  let max = Infinity;
  let pattern: RegExp | undefined;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum!);
    if (c.check === 'max_length') max = Math.min(max, c.maximum!);
    if (c.check === 'length_equals') min = max = c.length!;
    if (c.check === 'string_format' && c.pattern instanceof RegExp) pattern = c.pattern;
  }
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (pattern) {
    const matching = fc.stringMatching(pattern).filter(fits);
    if (isIsoDayPattern(pattern))
      return fc.oneof({ weight: 5, arbitrary: calendarDay() }, { weight: 1, arbitrary: matching });
    return matching;
  }
  const cap = Math.min(max, 60);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.min(min, cap), maxLength: cap }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXTS.filter((s) => s.length <= max)) },
    // Exactly at the limit, and one past it.
    ...(Number.isFinite(max)
      ? [
          {
            weight: 1,
            arbitrary: fc.constantFrom('z'.repeat(max), 'z'.repeat(max + 1), `${'ש'.repeat(max - 1)}\u200B`),
          },
        ]
      : []),
  );
}

function numberArb(d: Def): fc.Arbitrary<unknown> {
  let min = -Number.MAX_VALUE;
  let max = Number.MAX_VALUE;
  let int = false;
  for (const c of checksOf(d)) {
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) int = true;
    if (c.check === 'greater_than') min = c.inclusive ? c.value! : int ? c.value! + 1 : c.value! + Number.EPSILON;
    if (c.check === 'less_than') max = c.inclusive ? c.value! : int ? c.value! - 1 : c.value! - Number.EPSILON;
  }
  if (int) {
    const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
    // Ids are per company and small (1, 2, 3, …): small numbers name the company's own entities.
    const small = fc.integer({ min: Math.max(lo, -5), max: Math.min(hi, 60) });
    return fc.oneof(
      { weight: 4, arbitrary: small },
      { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
      { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    );
  }
  // Decimals (amounts, percents, rates): their limits are refinements, so cover the plausible
  // ranges and the edges — whole numbers, cents, micro-units, large and tiny.
  const inRange = (n: number) => n >= min && n <= max;
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 1000 }) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 100) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 1_000_000) },
    {
      weight: 1,
      arbitrary: fc.double({
        min: Math.max(min, -1e25),
        max: Math.min(max, 1e25),
        noNaN: true,
        noDefaultInfinity: true,
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS.filter(inRange)) },
  );
}

/**
 * Mostly valid values of `schema`. `depth` bounds recursion (no schema here recurses, but a future
 * one might).
 */
/**
 * Arbitraries built, per schema and depth. Building one is not free (fast-check's stringMatching
 * tokenises its whole default alphabet for each pattern: a CPU profile of the route fuzz, which asks
 * for the arbitrary of a body path on every mutation it plans, spent most of its time there), and an
 * arbitrary is immutable, so each is built once and used again.
 */
const built = new WeakMap<ZodType, Map<number, fc.Arbitrary<unknown>>>();

export function derived(schema: ZodType, depth = 0): fc.Arbitrary<unknown> {
  let byDepth = built.get(schema);
  if (!byDepth) built.set(schema, (byDepth = new Map()));
  let arbitrary = byDepth.get(depth);
  if (!arbitrary) byDepth.set(depth, (arbitrary = buildDerived(schema, depth)));
  return arbitrary;
}

function buildDerived(schema: ZodType, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const d = defOf(schema);
  const next = (s: ZodType) => derived(s, depth + 1);
  switch (d.type) {
    case 'string':
      return stringArb(d);
    case 'number':
      return numberArb(d);
    case 'int':
      return numberArb({
        ...d,
        checks: [...(d.checks ?? []), { _zod: { def: { check: 'number_format', format: 'safeint' } } }],
      });
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt().map(String);
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries!));
    case 'literal':
      return fc.constantFrom(...d.values!);
    case 'union':
      return fc.oneof(...d.options!.map(next));
    case 'optional':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: next(d.innerType!) });
    case 'nullable':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: next(d.innerType!) });
    case 'default':
    case 'prefault':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: next(d.innerType!) });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return next(d.innerType!);
    case 'pipe': {
      // preprocess(fn, schema) is a pipe from a transform: generate what the schema takes, and
      // sometimes its string spelling, which is what the legacy form post sends.
      if (defOf(d.in!).type === 'transform') {
        const out = next(d.out!);
        return fc.oneof(
          { weight: 4, arbitrary: out },
          { weight: 1, arbitrary: out.map((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v)) },
        );
      }
      return next(d.in!);
    }
    case 'array': {
      let min = 0;
      let max = 5;
      for (const c of checksOf(d)) {
        if (c.check === 'min_length') min = c.minimum!;
        if (c.check === 'max_length') max = Math.min(max, c.maximum!);
      }
      return fc.array(next(d.element!), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'record':
      return fc.dictionary(next(d.keyType!).map(String), next(d.valueType!), { maxKeys: 4 });
    case 'object': {
      const shape = d.shape!;
      const required = Object.keys(shape).filter(
        (k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k]).type),
      );
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, next(v)])), {
        requiredKeys: required,
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// The edges of what validation accepts.

const LARGE = [1e21, 1e18, 1e15, 1e12, 1e11, 1e10, 1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1000, 100, 10, 1];
const SMALL = [1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.01, 0.1, 1];

/**
 * For every number in `body`, the largest and the smallest positive value the schema accepts there
 * with the rest of the body as it is. Limits kept in refinements cannot be read from the schema, so
 * they are found by asking it (`safeParse`), once per route. Values at the edge of what validation
 * lets through are where the arithmetic behind it overflows (a budget at its maximum over a unit
 * cost at its minimum): the fuzz suite sets several fields to their edges in one call.
 */
export function numericEdges(schema: ZodType, body: Record<string, unknown>): { path: string[]; values: number[] }[] {
  const edges: { path: string[]; values: number[] }[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'number') {
      const accepts = (n: number) => {
        const copy = structuredClone(body);
        let at = copy;
        for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
        at[path[path.length - 1]] = n;
        return schema.safeParse(copy).success;
      };
      const values: number[] = [];
      const big = LARGE.find(accepts);
      if (big !== undefined) {
        // The exact largest whole number below the next power of ten that is refused.
        let [lo, hi] = [big, Math.min(big * 10, Number.MAX_SAFE_INTEGER)];
        if (big < 1e15 && !accepts(hi)) {
          while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            if (accepts(mid)) lo = mid;
            else hi = mid;
          }
        }
        values.push(lo);
        if (accepts(lo + 0.99)) values.push(lo + 0.99);
      }
      const small = SMALL.find(accepts);
      if (small !== undefined) values.push(small);
      if (values.length) edges.push({ path, values });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(body, []);
  return edges;
}
