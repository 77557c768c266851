import { lookupRate, MAX_IMPORT_ROWS } from '../../lambdas/modules/exchange-rates';
import type { ErrorIssue } from '../../lambdas/shared/error-issues';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

const call = (co: Company, method: string, body: Record<string, unknown>, as = co.admin) =>
  invoke('ExchangeRatesService', method, { as, body });
const saveRate = (co: Company, exchangeRate: Record<string, unknown>, as = co.admin) =>
  call(co, 'SaveExchangeRate', { exchangeRate }, as);
const rateOn = (co: Company, date: string, from = 'USD', to = 'ILS', as = co.planner) =>
  call(co, 'GetExchangeRate', { date, from, to }, as);
const importCsv = (co: Company, csv: string, as = co.admin) => call(co, 'ImportExchangeRates', { csv }, as);
const listRates = (co: Company, body: Record<string, unknown>) => call(co, 'GetExchangeRatesList', body);
const keysOf = (r: Reply) =>
  r.body.Response.Items.map(
    (x: { Date: string; From: string; To: string; Rate: number }) => `${x.Date} ${x.From}>${x.To} ${x.Rate}`,
  );

describe('ExchangeRatesService.SaveExchangeRate', () => {
  it('adds a rate (version 1, manual), refuses a blind overwrite, replaces from the version read', async () => {
    const co = await makeCompany();
    const r = await saveRate(co, { Date: '2026-01-15', From: 'USD', To: 'ILS', Rate: 3.7125 });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      Date: '2026-01-15',
      From: 'USD',
      To: 'ILS',
      Rate: 3.7125,
      Source: 'manual',
      version: 1,
      Archived: false,
      createdBy: co.admin.email,
    });
    expect(r.body.Response).not.toHaveProperty('RateMicros');
    const blind = await saveRate(co, { Date: '2026-01-15', From: 'USD', To: 'ILS', Rate: 3.8 });
    expect(blind.status).toBe(409);
    expect(blind.body.ErrorMessage).toBe(
      'An exchange rate from USD to ILS on 2026-01-15 already exists (version 1); send its version to replace it',
    );
    const replaced = await saveRate(co, { Date: '2026-01-15', From: 'USD', To: 'ILS', Rate: '3.8', version: 1 });
    expect(replaced.body.Response).toMatchObject({ Rate: 3.8, version: 2 });
    const stale = await saveRate(co, { Date: '2026-01-15', From: 'USD', To: 'ILS', Rate: 3.9, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
    const gone = await saveRate(co, { Date: '2026-01-16', From: 'USD', To: 'ILS', Rate: 3.9, version: 4 });
    expect(gone.status).toBe(409);
    expect((await rateOn(co, '2026-01-15')).body.Response.Rate).toBe(3.8);
  });

  it('two concurrent replacements of one version: exactly one wins', async () => {
    const co = await makeCompany();
    await saveRate(co, { Date: '2026-02-01', From: 'EUR', To: 'ILS', Rate: 4 });
    const results = await Promise.all(
      [4.1, 4.2, 4.3].map((Rate) => saveRate(co, { Date: '2026-02-01', From: 'EUR', To: 'ILS', Rate, version: 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    [{ From: 'usd' }, 'exchangeRate.From: must be a 3-letter upper-case currency code like USD'],
    [{ To: 'SHEKEL' }, 'exchangeRate.To: must be a 3-letter upper-case currency code like USD'],
    [{ To: 'USD' }, 'exchangeRate.To: must differ from From'],
    [{ Rate: 0 }, 'exchangeRate.Rate: must be a positive number'],
    [{ Rate: -3.7 }, 'exchangeRate.Rate: must be a positive number'],
    [{ Rate: 3.1234567 }, 'exchangeRate.Rate: may have at most 6 decimals'],
    [{ Rate: 'abc' }, 'exchangeRate.Rate'],
    [{ Date: '2026-02-29' }, 'exchangeRate.Date: is not a real date'],
    [{ Date: '15/01/2026' }, 'exchangeRate.Date: must be a date as YYYY-MM-DD'],
  ])('refuses %j by name', async (extra, message) => {
    const co = await makeCompany();
    const r = await saveRate(co, { Date: '2026-01-15', From: 'USD', To: 'ILS', Rate: 3.7, ...extra });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain(message);
  });

  it('needs GeneralSettings to manage rates; the lookup is open to every signed-in user', async () => {
    const co = await makeCompany();
    await saveRate(co, { Date: '2026-01-01', From: 'USD', To: 'ILS', Rate: 3.6 });
    for (const as of [co.planner, co.client, co.approver, co.analyst]) {
      for (const [method, body] of [
        ['SaveExchangeRate', { exchangeRate: { Date: '2026-01-02', From: 'USD', To: 'ILS', Rate: 3.6 } }],
        ['DeleteExchangeRate', { Date: '2026-01-01', From: 'USD', To: 'ILS' }],
        ['ImportExchangeRates', { csv: 'date,from,to,rate\n2026-01-03,USD,ILS,3.6' }],
        ['GetExchangeRatesList', {}],
      ] as const) {
        const r = await call(co, method, body, as);
        expect(r.status).toBe(403);
        expect(r.body.ErrorMessage).toBe('Required permission missing: GeneralSettings');
      }
      expect((await rateOn(co, '2026-01-05', 'USD', 'ILS', as)).body.Response.Rate).toBe(3.6);
    }
  });
});

describe('the lookup: latest rate on or before the date', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Rates Agency');
    for (const [Date, Rate] of [
      ['2026-01-01', 3.6],
      ['2026-01-15', 3.7],
      ['2026-02-01', 3.8],
    ] as const) {
      expect((await saveRate(co, { Date, From: 'USD', To: 'ILS', Rate })).status).toBe(200);
    }
    await saveRate(co, { Date: '2026-01-10', From: 'EUR', To: 'ILS', Rate: 4.05 });
  });

  it.each([
    ['on the day of a rate', '2026-01-15', 3.7, '2026-01-15'],
    ['between two rates', '2026-01-20', 3.7, '2026-01-15'],
    ['the day before a rate', '2026-01-14', 3.6, '2026-01-01'],
    ['long after the last rate', '2027-06-30', 3.8, '2026-02-01'],
  ])('%s', async (_label, date, rate, rateDate) => {
    const r = await rateOn(co, date);
    expect(r.status).toBe(200);
    expect(r.body.Response).toEqual({
      Date: rateDate,
      From: 'USD',
      To: 'ILS',
      Rate: rate,
      RateMicros: Math.round(rate * 1e6),
      Source: 'manual',
    });
  });

  it('names the pair and the date when there is no rate — never a silent 1.0', async () => {
    const before = await rateOn(co, '2025-12-31');
    expect(before.status).toBe(404);
    expect(before.body).toEqual({
      Success: false,
      ErrorMessage: 'No exchange rate from USD to ILS on or before 2025-12-31',
      ErrorCode: 'RATE_NOT_FOUND',
      ErrorParams: { from: 'USD', to: 'ILS', date: '2025-12-31' },
    });
    const inverse = await rateOn(co, '2026-03-01', 'ILS', 'USD');
    expect(inverse.body.ErrorMessage).toBe('No exchange rate from ILS to USD on or before 2026-03-01');
    const otherPair = await rateOn(co, '2026-03-01', 'EUR', 'USD');
    expect(otherPair.body.ErrorMessage).toBe('No exchange rate from EUR to USD on or before 2026-03-01');
    await expect(lookupRate(co.companyId, 'USD', 'ILS', '2025-06-01')).rejects.toThrow(
      'No exchange rate from USD to ILS on or before 2025-06-01',
    );
  });

  it('is 1 for the same currency', async () => {
    const r = await rateOn(co, '2026-03-01', 'ILS', 'ILS');
    expect(r.body.Response).toMatchObject({ Rate: 1, RateMicros: 1_000_000, From: 'ILS', To: 'ILS' });
  });

  it('lookupRate gives the media-plan code the rate and its millionths', async () => {
    expect(await lookupRate(co.companyId, 'EUR', 'ILS', '2026-05-01')).toEqual({
      Date: '2026-01-10',
      From: 'EUR',
      To: 'ILS',
      Rate: 4.05,
      RateMicros: 4_050_000,
      Source: 'manual',
    });
  });

  it('is not fooled by another company’s rates', async () => {
    const stranger = await makeCompany();
    const r = await rateOn(stranger, '2026-01-20');
    expect(r.status).toBe(404);
  });
});

describe('ExchangeRatesService.DeleteExchangeRate', () => {
  it('archives: the lookup skips it and falls back to the rate before; saving the key again revives it', async () => {
    const co = await makeCompany();
    await saveRate(co, { Date: '2026-01-01', From: 'USD', To: 'ILS', Rate: 3.6 });
    await saveRate(co, { Date: '2026-01-15', From: 'USD', To: 'ILS', Rate: 3.7 });
    await saveRate(co, { Date: '2026-01-20', From: 'USD', To: 'ILS', Rate: 3.75 });
    const key = { Date: '2026-01-15', From: 'USD', To: 'ILS' };
    const del = await call(co, 'DeleteExchangeRate', key);
    expect(del.body.Response).toMatchObject({ ...key, Archived: true, version: 2 });
    expect((await rateOn(co, '2026-01-17')).body.Response).toMatchObject({ Date: '2026-01-01', Rate: 3.6 });
    expect((await rateOn(co, '2026-01-25')).body.Response).toMatchObject({ Date: '2026-01-20', Rate: 3.75 });
    expect((await call(co, 'DeleteExchangeRate', key)).body.Response).toMatchObject({ Archived: true, version: 2 });
    expect(keysOf(await listRates(co, { from: 'USD', to: 'ILS' }))).toEqual([
      '2026-01-20 USD>ILS 3.75',
      '2026-01-01 USD>ILS 3.6',
    ]);
    const unknown = await call(co, 'DeleteExchangeRate', { Date: '2026-01-16', From: 'USD', To: 'ILS' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.ErrorMessage).toBe('No exchange rate from USD to ILS on 2026-01-16');

    // The lookup sees only live rates, so deleting the newest one makes the one before it the answer.
    await call(co, 'DeleteExchangeRate', { Date: '2026-01-20', From: 'USD', To: 'ILS' });
    expect((await rateOn(co, '2026-12-31')).body.Response).toMatchObject({ Date: '2026-01-01' });

    const revived = await saveRate(co, { ...key, Rate: 3.71 });
    expect(revived.body.Response).toMatchObject({ Rate: 3.71, version: 3, Archived: false });
    expect((await rateOn(co, '2026-01-17')).body.Response).toMatchObject({ Date: '2026-01-15', Rate: 3.71 });
  });
});

describe('ExchangeRatesService.GetExchangeRatesList', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany();
    const csv = [
      'date,from,to,rate',
      '2026-01-01,USD,ILS,3.6',
      '2026-01-02,USD,ILS,3.61',
      '2026-01-03,USD,ILS,3.62',
      '2026-01-04,USD,ILS,3.63',
      '2026-01-02,EUR,ILS,4.01',
      '2026-01-03,EUR,USD,1.1',
    ].join('\n');
    expect((await importCsv(co, csv)).status).toBe(200);
  });

  it('lists one pair in a date range, newest first', async () => {
    expect(
      keysOf(await listRates(co, { from: 'USD', to: 'ILS', fromDate: '2026-01-02', toDate: '2026-01-03' })),
    ).toEqual(['2026-01-03 USD>ILS 3.62', '2026-01-02 USD>ILS 3.61']);
  });

  it('lists every pair by date, or those of one currency', async () => {
    expect(keysOf(await listRates(co, { fromDate: '2026-01-03' }))).toEqual([
      '2026-01-04 USD>ILS 3.63',
      '2026-01-03 USD>ILS 3.62',
      '2026-01-03 EUR>USD 1.1',
    ]);
    expect(keysOf(await listRates(co, { from: 'EUR' }))).toEqual(['2026-01-03 EUR>USD 1.1', '2026-01-02 EUR>ILS 4.01']);
    expect(keysOf(await listRates(co, { to: 'USD' }))).toEqual(['2026-01-03 EUR>USD 1.1']);
  });

  it('pages without repeats, and refuses a token of another list', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    let token: string | null = null;
    do {
      const r: Reply = await listRates(co, { from: 'USD', pageSize: 2, nextToken });
      seen.push(...keysOf(r));
      nextToken = r.body.Response.NextToken;
      token ??= nextToken;
    } while (nextToken && seen.length < 20);
    expect(seen).toEqual([
      '2026-01-04 USD>ILS 3.63',
      '2026-01-03 USD>ILS 3.62',
      '2026-01-02 USD>ILS 3.61',
      '2026-01-01 USD>ILS 3.6',
    ]);
    const mixed = await listRates(co, { from: 'USD', to: 'ILS', nextToken: token });
    expect(mixed.status).toBe(400);
    expect(mixed.body.ErrorMessage).toContain('nextToken');
  });
});

describe('ExchangeRatesService.ImportExchangeRates', () => {
  const header = 'date,from,to,rate';

  it('imports, and importing the same file again replaces (idempotent values)', async () => {
    const co = await makeCompany();
    const csv = `${header}\r\n2026-03-01,USD,ILS,3.65\r\n2026-03-02,USD,ILS,3.66\r\n2026-03-01,EUR,ILS,"3.99"\r\n`;
    const first = await importCsv(co, csv);
    expect(first.status).toBe(200);
    expect(first.body.Response).toEqual({ Imported: 3, Replaced: 0 });
    const again = await importCsv(co, csv);
    expect(again.body.Response).toEqual({ Imported: 3, Replaced: 3 });
    expect(keysOf(await listRates(co, {}))).toEqual([
      '2026-03-02 USD>ILS 3.66',
      '2026-03-01 USD>ILS 3.65',
      '2026-03-01 EUR>ILS 3.99',
    ]);
    const r = await rateOn(co, '2026-03-05');
    expect(r.body.Response).toMatchObject({ Date: '2026-03-02', Rate: 3.66, Source: 'import' });

    const changed = await importCsv(co, `${header}\n2026-03-02,USD,ILS,3.7\n2026-03-03,USD,ILS,3.71`);
    expect(changed.body.Response).toEqual({ Imported: 2, Replaced: 1 });
    expect((await rateOn(co, '2026-03-02')).body.Response.Rate).toBe(3.7);
  });

  it('checks every row first and names line and column; nothing is written when any row is wrong', async () => {
    const co = await makeCompany();
    const csv = [
      'Date, From ,To,RATE', // line 1: header names in any case, spaces trimmed
      '2026-01-01,USD,ILS,3.6', // 2 ok
      '2026-13-01,USD,ILS,3.6', // 3 bad date
      '2026-01-03,usd,ILS,3.6', // 4 bad from
      '2026-01-04,USD,ILS,3.6,extra', // 5 too many values
      '', // 6 blank: skipped
      '2026-01-06,USD,ILS,-2', // 7 negative rate
      '2026-01-07,USD,ILS,3.1234567', // 8 too many decimals
      '2026-01-01,USD,ILS,3.7', // 9 repeats line 2
      '2026-01-09,ILS,ILS,1', // 10 same currency
      '2026-01-10,USD,ILS,abc', // 11 not a number
      '2026/01/11,USD,ILS,3.6', // 12 date format
    ].join('\n');
    const r = await importCsv(co, csv);
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toBe(
      'csv: ' +
        [
          'line 3: date 2026-13-01 is not a real date',
          'line 4: from must be a 3-letter upper-case currency code like USD',
          'line 5: expected 4 values (date,from,to,rate), found 5',
          'line 7: rate must be a positive number',
          'line 8: rate may have at most 6 decimals',
          'line 9: repeats line 2 (2026-01-01 USD to ILS)',
          'line 10: to must differ from from (ILS)',
          'line 11: rate must be a positive number',
          'line 12: date must be a date as YYYY-MM-DD',
        ].join('; '),
    );
    // Each line's problem also comes coded — line, column (none: the whole line), reason and its params —
    // for the console to list in the user's language; the English detail stays beside it.
    const { ErrorIssues: issues } = r.body as { ErrorIssues?: ErrorIssue[] };
    expect(issues?.map((i) => [i.line, i.field ?? null, i.code])).toEqual([
      [3, 'date', 'DATE_NOT_REAL'],
      [4, 'from', 'CURRENCY_CODE'],
      [5, null, 'CSV_VALUE_COUNT'],
      [7, 'rate', 'POSITIVE_NUMBER'],
      [8, 'rate', 'DECIMALS'],
      [9, null, 'CSV_REPEATED_ROW'],
      [10, 'to', 'SAME_CURRENCY'],
      [11, 'rate', 'POSITIVE_NUMBER'],
      [12, 'date', 'DATE_FORMAT'],
    ]);
    expect(issues?.[2].params).toEqual({
      reason: 'CSV_VALUE_COUNT',
      expected: 4,
      columns: 'date,from,to,rate',
      found: 5,
      detail: 'expected 4 values (date,from,to,rate), found 5',
    });
    expect(issues?.[4].params).toEqual({
      reason: 'DECIMALS',
      column: 'rate',
      places: 6,
      detail: 'rate may have at most 6 decimals',
    });
    expect(issues?.[5].params).toMatchObject({ reason: 'CSV_REPEATED_ROW', first: 2, other: '2026-01-01 USD to ILS' });
    expect(issues?.[6].params).toMatchObject({ reason: 'SAME_CURRENCY', column: 'to', other: 'from' });
    // The code's own params still name the first problem and how many there are in all.
    expect(r.body.ErrorCode).toBe('CSV_LINE_INVALID');
    expect(r.body.ErrorParams).toMatchObject({ line: 3, column: 'date', reason: 'DATE_NOT_REAL', count: 9 });
    expect(keysOf(await listRates(co, {}))).toEqual([]);
  });

  it('lists the first 20 line problems coded, and counts them all', async () => {
    const co = await makeCompany();
    const rows = Array.from({ length: 25 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')},USD,ILS,-1`);
    const r = await importCsv(co, [header, ...rows].join('\n'));
    const { ErrorIssues: issues } = r.body as { ErrorIssues?: ErrorIssue[] };
    expect(issues?.map((i) => i.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(r.body.ErrorParams?.count).toBe(25);
    expect(r.body.ErrorMessage).toMatch(/ \(and 5 more\)$/);
  });

  it('a refusal of a whole file (a wrong header) lists no line problems', async () => {
    const co = await makeCompany();
    const r = await importCsv(co, 'day,from,to,rate\n2026-01-01,USD,ILS,3.6');
    expect(r.body.ErrorCode).toBe('CSV_HEADER_INVALID');
    expect(r.body).not.toHaveProperty('ErrorIssues');
  });

  it('refuses a wrong header, an empty file and a header without rows', async () => {
    const co = await makeCompany();
    const wrong = await importCsv(co, 'day,from,to,rate\n2026-01-01,USD,ILS,3.6');
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrorMessage).toBe(
      'csv: line 1: the header must be date,from,to,rate (found "day,from,to,rate")',
    );
    expect((await importCsv(co, '\n\n')).body.ErrorMessage).toMatch(/^csv: the file is empty/);
    expect((await importCsv(co, `${header}\n`)).body.ErrorMessage).toBe('csv: the file has a header but no rows');
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows and more than 200 kB (413)`, async () => {
    const co = await makeCompany();
    const day = (i: number) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `${day(i)},USD,ILS,3.6`);
    const tooMany = await importCsv(co, [header, ...rows].join('\n'));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.ErrorMessage).toBe('csv: the file has 5,001 rows; an import takes at most 5,000 (split it)');
    const padded = [header, ...rows.slice(0, 4000).map((r) => `${r}${'0'.repeat(30)}`)].join('\n');
    const tooBig = await importCsv(co, padded);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.ErrorMessage).toMatch(/^csv: the file is \d+ kB; an import takes at most 200 kB/);
    expect(keysOf(await listRates(co, {}))).toEqual([]);
  });

  it('writes a large file in several transactions and brings back a deleted rate', async () => {
    const co = await makeCompany();
    await saveRate(co, { Date: '2025-01-05', From: 'USD', To: 'ILS', Rate: 9 });
    await call(co, 'DeleteExchangeRate', { Date: '2025-01-05', From: 'USD', To: 'ILS' });
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: 250 }, (_, i) => `${day(i)},USD,ILS,${(3.5 + i / 10000).toFixed(4)}`);
    const r = await importCsv(co, [header, ...rows].join('\n'));
    expect(r.status).toBe(200);
    expect(r.body.Response).toEqual({ Imported: 250, Replaced: 0 });
    expect((await rateOn(co, '2025-01-05')).body.Response).toMatchObject({
      Date: '2025-01-05',
      Rate: 3.5004,
      Source: 'import',
    });
    expect((await rateOn(co, '2030-01-01')).body.Response).toMatchObject({ Date: day(249), Rate: 3.5249 });
    const all: string[] = [];
    let nextToken: string | null = null;
    do {
      const page: Reply = await listRates(co, { from: 'USD', to: 'ILS', pageSize: 100, nextToken });
      all.push(...keysOf(page));
      nextToken = page.body.Response.NextToken;
    } while (nextToken);
    expect(all).toHaveLength(250);
  });
});
