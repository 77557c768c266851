import { parseBody, MAX_BODY_BYTES } from '../../lambdas/kit/body';
import { PayloadTooLargeError, ValidationError } from '../../lambdas/core/errors';
import { validate } from '../../lambdas/kit/validate';
import { saveAccount, getAccountsList } from '../../lambdas/modules/accounts/schemas';

describe('request body parsing', () => {
  it('reads JSON objects', () => {
    expect(parseBody('{"accountId":5}', false, 'application/json')).toEqual({ accountId: 5 });
  });

  it('reads base64-encoded bodies as API Gateway sends binary-safe payloads', () => {
    const raw = Buffer.from('{"a":"שלום"}').toString('base64');
    expect(parseBody(raw, true, 'application/json')).toEqual({ a: 'שלום' });
  });

  it('treats an empty body as no fields', () => {
    expect(parseBody(undefined, false, 'application/json')).toEqual({});
    expect(parseBody('', false, undefined)).toEqual({});
  });

  it('refuses malformed JSON, arrays and scalars with a 400', () => {
    expect(() => parseBody('{"a":', false, 'application/json')).toThrow(
      new ValidationError('Request body is not valid JSON'),
    );
    expect(() => parseBody('[1,2]', false, 'application/json')).toThrow(/must be a JSON object/);
    expect(() => parseBody('42', false, 'application/json')).toThrow(/must be a JSON object/);
  });

  it('refuses a body over the limit with 413', () => {
    const big = JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES) });
    expect(() => parseBody(big, false, 'application/json')).toThrow(PayloadTooLargeError);
  });

  it('accepts the legacy form encoding, decoding JSON-valued fields', () => {
    const form = new URLSearchParams({
      account: JSON.stringify({ ID: 0, Name: 'Acme' }),
      applayVATToSubAccounts: 'true',
    }).toString();
    const body = parseBody(form, false, 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(body).toEqual({ account: { ID: 0, Name: 'Acme' }, applayVATToSubAccounts: 'true' });
    const input = validate(saveAccount, body);
    expect(input.applayVATToSubAccounts).toBe(true);
    expect(input.account.Name).toBe('Acme');
  });

  it('coerces form strings for numbers but keeps text as text', () => {
    const body = parseBody(
      'mainAccountId=-1&activityStatus=2&fromDate=2026-01-01',
      false,
      'application/x-www-form-urlencoded',
    );
    const input = validate(getAccountsList, body);
    expect(input).toMatchObject({ mainAccountId: -1, activityStatus: 2, fromDate: '2026-01-01' });
  });

  it('names the broken JSON field of a form', () => {
    expect(() => parseBody('account={bad}', false, 'application/x-www-form-urlencoded')).toThrow(
      'account: is not valid JSON',
    );
  });
});

describe('validation messages name the field', () => {
  it.each([
    [{ account: { Name: '' } }, 'account.Name'],
    [{ account: { Name: 'x'.repeat(201) } }, 'account.Name: must be at most 200 characters'],
    [{ account: { Name: 'A', ContactEmail: 'not-an-email' } }, 'account.ContactEmail'],
    [{ account: { Name: 'A', Phone: '03-555 ext 4' } }, 'account.Phone'],
    [{ account: { Name: 'A', Website: 'www.example.com' } }, 'account.Website'],
    [{ account: { Name: 'A', Currency: 3 } }, 'account.Currency'],
    [{ account: { Name: 'A', ManagementFeePct: 120 } }, 'account.ManagementFeePct: must be between 0 and 100'],
    [{ account: { Name: 'A', ManagementFeePct: 1.234 } }, 'account.ManagementFeePct: may have at most 2 decimals'],
    [{}, 'account'],
  ])('%j → %s', (body, fieldMessage) => {
    expect(() => validate(saveAccount, body)).toThrow(ValidationError);
    try {
      validate(saveAccount, body);
    } catch (err) {
      expect((err as Error).message).toContain(fieldMessage);
    }
  });

  it('refuses a day the calendar does not have', () => {
    expect(() => validate(getAccountsList, { fromDate: '2026-02-30' })).toThrow('fromDate: is not a real date');
    expect(validate(getAccountsList, { fromDate: '2028-02-29' }).fromDate).toBe('2028-02-29');
  });

  it('accepts the valid forms', () => {
    const ok = validate(saveAccount, {
      account: {
        Name: 'Acme',
        ContactEmail: 'a.b-c@mail.example.co',
        Phone: '+972501234567',
        Website: 'https://acme.example',
      },
    });
    expect(ok.account).toMatchObject({ ID: 0, ParentId: null, Currency: 2, ApplyVat: true });
  });
});
