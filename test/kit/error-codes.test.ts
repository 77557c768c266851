import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { string, object } from 'zod';
import { moneyInputError, ConflictError, ValidationError } from '../../lambdas/core/errors';
import { validate } from '../../lambdas/kit/validate';
import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '../../lambdas/shared/error-codes';
import { ERROR_REASONS, isErrorReason, type ErrorReason } from '../../lambdas/shared/error-reasons';
import { METRIC_NAMES, parseFormula } from '../../lambdas/shared/formula';
import { MoneyInputError, MoneyRangeError } from '../../lambdas/shared/money';
import { saveLine } from '../../lambdas/modules/media-plans/schemas/plans';
import { grants, isClientOnly } from '../../lambdas/shared/permissions';
import en from '../../web/src/locales/apiErrors.en.json';
import he from '../../web/src/locales/apiErrors.he.json';
import { ROUTE_FIXTURES } from '../support/route-fixtures';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * Every error reply carries a stable code from lambdas/shared/error-codes.ts with its
 * params, and the console has a message for every code in Hebrew and English.
 */
const CODES = Object.keys(ERROR_CODES) as ErrorCode[];
const ROOT = path.resolve(__dirname, '../..');

describe('the code list', () => {
  it('gives every code an HTTP error status and its param names', () => {
    for (const code of CODES) {
      const { status, params } = ERROR_CODES[code];
      expect({ code, status: status >= 400 && status <= 599 }).toEqual({ code, status: true });
      expect({
        code,
        params: new Set(params).size === params.length && params.every((p) => /^[a-z][A-Za-z]*$/.test(p)),
      }).toEqual({ code, params: true });
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    }
  });

  it('every throw site in lambdas/ names its code (no typed error falls back to its class default)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f);
        return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
      });
    const uncoded: string[] = [];
    for (const file of files(path.join(ROOT, 'lambdas'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /new (?:Validation|Unauthorized|Forbidden|NotFound|Conflict|PayloadTooLarge)Error\(/g,
      )) {
        if (!hasSecondArgument(text, m.index! + m[0].length)) {
          uncoded.push(`${path.relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length}`);
        }
      }
    }
    expect(uncoded).toEqual([]);
  });
});

/** Whether the call whose arguments start at `from` has a second argument (a comma at depth 1, outside strings). */
function hasSecondArgument(text: string, from: number): boolean {
  let depth = 1;
  for (let i = from; i < text.length && depth > 0; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(text, i);
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 1) return true;
  }
  return false;
}

function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') {
      let depth = 1;
      for (i += 2; depth > 0; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}') depth--;
      }
      i--;
    }
  }
  return text.length;
}

describe('the kit', () => {
  it('maps zod issues to FIELD_REQUIRED, FIELD_TOO_LONG and FIELD_INVALID with the field path', () => {
    const schema = object({ account: object({ Name: string().min(1).max(5), Email: string().email() }) });
    const codeOf = (input: unknown) => {
      try {
        validate(schema, input);
      } catch (err) {
        return {
          code: (err as ValidationError).code,
          params: (err as ValidationError).params,
          message: (err as Error).message,
        };
      }
      return undefined;
    };
    expect(codeOf({ account: { Email: 'a@b.co' } })).toEqual({
      code: 'FIELD_REQUIRED',
      params: { field: 'account.Name' },
      message: 'account.Name: is required',
    });
    expect(codeOf({ account: { Name: '', Email: 'a@b.co' } })).toMatchObject({
      code: 'FIELD_REQUIRED',
      params: { field: 'account.Name' },
    });
    expect(codeOf({ account: { Name: 'too long', Email: 'a@b.co' } })).toMatchObject({
      code: 'FIELD_TOO_LONG',
      params: { field: 'account.Name', max: 5 },
    });
    expect(codeOf({ account: { Name: 'ok', Email: 'nope' } })).toMatchObject({
      code: 'FIELD_INVALID',
      params: { field: 'account.Email', reason: 'INVALID' },
    });
  });

  it('a refusal by one of our checks carries its reason and params, which the console translates (no English to show)', () => {
    const refusal = (input: unknown) => {
      try {
        validate(saveLine, input);
      } catch (err) {
        return { code: (err as ValidationError).code, params: (err as ValidationError).params };
      }
      return undefined;
    };
    const line = {
      ID: 0,
      MediaMixId: 1,
      AccountChannelTypeId: 1,
      Name: 'Search',
      StartDate: '2026-01-01',
      EndDate: '2026-01-31',
      BuyType: 'CPC',
      UnitCost: 1,
      Budget: 100.123,
    };
    expect(refusal({ mediaChannel: line })).toEqual({
      code: 'FIELD_INVALID',
      params: { field: 'mediaChannel.Budget', detail: 'may have at most 2 decimals', reason: 'DECIMALS', places: 2 },
    });
    expect(refusal({ mediaChannel: { ...line, Budget: 100, EndDate: '2025-12-31' } })).toEqual({
      code: 'FIELD_INVALID',
      params: {
        field: 'mediaChannel.EndDate',
        detail: 'must be on or after StartDate',
        reason: 'DATE_NOT_BEFORE',
        other: 'StartDate',
      },
    });
    expect(refusal({ mediaChannel: { ...line, Budget: 100, BuyType: 'CPX' } })).toMatchObject({
      code: 'FIELD_INVALID',
      params: { field: 'mediaChannel.BuyType', reason: 'NOT_ONE_OF' },
    });
  });

  it("a formula the parser refuses names its reason and position, and its English text is the same reason's", () => {
    const r = parseFormula('spend / convs', METRIC_NAMES.performance);
    expect(r).toEqual({
      ok: false,
      error: {
        message: "Unknown name 'convs' at position 8",
        position: 8,
        reason: 'FORMULA_UNKNOWN_NAME',
        params: { token: 'convs', position: 8 },
      },
    });
  });

  it('turns a MoneyInputError into MONEY_OUT_OF_RANGE or FIELD_INVALID naming the field', () => {
    expect(
      moneyInputError(new MoneyRangeError('budget: amount is too large'), (f) => `mediaChannel.${f}`),
    ).toMatchObject({ statusCode: 400, code: 'MONEY_OUT_OF_RANGE', params: { field: 'mediaChannel.budget' } });
    expect(moneyInputError(new MoneyInputError("unitCost: '1.1234567' has more than 6 decimals"))).toMatchObject({
      statusCode: 400,
      code: 'FIELD_INVALID',
      params: { field: 'unitCost', detail: "'1.1234567' has more than 6 decimals" },
    });
  });

  it('a typed error answers the status its code states', () => {
    const e = new ConflictError(
      'Account 7 still has active sub-accounts; archive them first',
      'ACCOUNT_HAS_ACTIVE_SUBACCOUNTS',
      { accountId: 7 },
    );
    expect(e.statusCode).toBe(ERROR_CODES[e.code].status);
  });
});

/**
 * The replies of the generated security suites' cases, on every route: a caller without the
 * permission or account access, another company's admin, a user without a profile, malformed JSON
 * and a leaf of the wrong type. Each error reply carries a listed code, answered with the code's
 * status, and exactly the params the code names.
 */
describe('every error reply of every route carries a listed code', () => {
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    a = await makeCompany('Codes A', { idOffset: 40 });
    b = await makeCompany('Codes B');
  });

  function expectCoded(what: string, r: Reply) {
    if (r.status < 400) return;
    const code = r.body.ErrorCode;
    expect({ what, code, known: isErrorCode(code) }).toEqual({ what, code, known: true });
    const spec = ERROR_CODES[code as ErrorCode];
    expect({ what, code, status: r.status }).toEqual({ what, code, status: spec.status });
    // Exactly the code's params, plus its reason's (shared/error-reasons.ts) when it carries one.
    const reason = r.body.ErrorParams?.reason;
    const reasonParams = (spec.params as readonly string[]).includes('reason')
      ? (expect({ what, reason, known: isErrorReason(reason) }).toEqual({ what, reason, known: true }),
        placeholdersOf(ERROR_REASONS[reason as ErrorReason]))
      : [];
    expect({ what, code, params: Object.keys(r.body.ErrorParams ?? {}).sort() }).toEqual({
      what,
      code,
      params: [...new Set([...spec.params, ...reasonParams])].sort(),
    });
    expect(typeof r.body.ErrorMessage).toBe('string');
  }

  const wrongType = (v: unknown): unknown =>
    typeof v === 'number' ? 'abc' : typeof v === 'string' ? { nested: true } : 42;

  it.each(ROUTES.map((r) => [`${r.service}.${r.method}`, r as RouteDef] as const))('%s', async (name, route) => {
    const call = await ROUTE_FIXTURES[name](a);
    const users = [a.planner, a.analyst, a.client, a.approver];
    const { anyOf, systemAdmin, staff } = route.requires;
    const denied = users.find(
      (u) =>
        (anyOf?.length && !anyOf.some((p) => grants(u.permissions, p))) ||
        (systemAdmin && !u.isSystemAdmin) ||
        (staff && isClientOnly(u.permissions)),
    );
    const at = (opts: Parameters<typeof invoke>[2]) =>
      invoke(route.service, route.method, { accountId: call.accountId, body: call.body, ...opts });
    if (denied) expectCoded(`${name} denied`, await at({ as: denied }));
    if (route.accountScope !== 'none')
      expectCoded(`${name} other account`, await at({ as: a.client, accountId: a.accounts.other.ID }));
    expectCoded(`${name} other company`, await at({ as: b.admin }));
    expectCoded(`${name} no profile`, await at({ as: { sub: 'no-such-user' } }));
    expectCoded(`${name} malformed JSON`, await at({ as: call.allowed, body: undefined, rawBody: '{"a": 1,' }));
    const [key, value] = Object.entries(call.body)[0] ?? ['x', 1];
    expectCoded(`${name} wrong type`, await at({ as: call.allowed, body: { ...call.body, [key]: wrongType(value) } }));
    expectCoded(`${name} no account header`, await at({ as: call.allowed, accountId: undefined }));
  });
});

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe('the console catalogues', () => {
  type Catalogue = { apiErrors: { codes: Record<string, string>; reasons: Record<string, string> } };
  it.each([
    ['en', en as Catalogue],
    ['he', he as Catalogue],
  ])('%s has a message for every code, naming each of its params', (_locale, catalogue) => {
    const messages = catalogue.apiErrors.codes;
    expect(Object.keys(messages).sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      // `reason` (and a CSV row's `column`) are shown through {{detail}}: the console puts the reason's translation there.
      const missing = ERROR_CODES[code].params.filter(
        (p) => p !== 'reason' && p !== 'column' && !messages[code].includes(`{{${p}}}`),
      );
      expect({ code, missing }).toEqual({ code, missing: [] });
    }
  });

  it.each([
    ['en', en as Catalogue],
    ['he', he as Catalogue],
  ])("%s says every reason, with its params (a formula's position is said by the dialog)", (_locale, catalogue) => {
    const reasons = catalogue.apiErrors.reasons;
    expect(Object.keys(reasons).sort()).toEqual(Object.keys(ERROR_REASONS).sort());
    for (const [reason, english] of Object.entries(ERROR_REASONS)) {
      const wanted = placeholdersOf(english).filter((p) => p !== 'position');
      expect({ reason, params: placeholdersOf(reasons[reason]).sort() }).toEqual({ reason, params: wanted.sort() });
    }
  });

  it('the Hebrew messages are Hebrew', () => {
    for (const [reason, text] of Object.entries((he as Catalogue).apiErrors.reasons))
      expect({ reason, hebrew: /[\u0590-\u05FF]/.test(text) }).toEqual({ reason, hebrew: true });
    for (const [code, text] of Object.entries((he as Catalogue).apiErrors.codes))
      expect({ code, hebrew: /[\u0590-\u05FF]/.test(text) }).toEqual({ code, hebrew: true });
  });
});
