import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * A page token is checked against the exact key range of the Query it continues. Every
 * paginated route, given a token forged in any way (another status or partition, an empty key, a
 * sort key outside the date filter, extra / missing / non-string attributes, garbage, a huge
 * offset), answers 400 naming nextToken — never a 500 from DynamoDB rejecting the start key. A
 * real token still pages through the whole list.
 */
let co: Company;
let other: Company;

const encode = (t: unknown) => Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
const decode = (s: string) =>
  JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as { k?: Record<string, unknown>; o?: number };

interface Call {
  service: string;
  method: string;
  accountId?: number;
  body: Record<string, unknown>;
  as: () => Company['admin'];
}
/** Built when the test runs: the companies are made in beforeAll. */
type ListCall = () => Call;

const list = (lc: ListCall, extra: Record<string, unknown> = {}): Promise<Reply> => {
  const l = lc();
  return invoke(l.service, l.method, { as: l.as(), accountId: l.accountId, body: { ...l.body, ...extra } });
};

function expectRefused(r: Reply) {
  expect(r.status).toBe(400);
  expect(r.body.Success).toBe(false);
  expect(r.body.ErrorMessage).toMatch(/^nextToken: /);
}

/** Every page with pageSize 1 gives the same ids, in the same order, as one big page. */
async function expectPagesCorrectly(l: ListCall, idOf: (item: Record<string, unknown>) => string) {
  const whole = await list(l, { pageSize: 500 });
  expect(whole.status).toBe(200);
  const all = (whole.body.Response.Items as Record<string, unknown>[]).map(idOf);
  expect(all.length).toBeGreaterThan(1);
  const paged: string[] = [];
  let nextToken: string | null = null;
  do {
    const r = await list(l, { pageSize: 1, nextToken });
    expect(r.status).toBe(200);
    paged.push(...(r.body.Response.Items as Record<string, unknown>[]).map(idOf));
    nextToken = r.body.Response.NextToken;
  } while (nextToken);
  expect(paged).toEqual(all);
}

async function firstToken(l: ListCall, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await list(l, { pageSize: 1, ...extra });
  expect(r.status).toBe(200);
  expect(typeof r.body.Response.NextToken).toBe('string');
  return r.body.Response.NextToken as string;
}

/** The forgeries every key-token list must refuse, made from one real token of that list. */
function keyForgeries(real: string, otherCompanyToken: string): [string, string][] {
  const k = decode(real).k!;
  const out: [string, string][] = [
    ['garbage base64', '%%%not-base64%%%'],
    ['base64 of garbage', Buffer.from('not json').toString('base64url')],
    ['an offset token', encode({ o: 1 })],
    ['a huge offset', encode({ o: 1e15 })],
    ['no key', encode({ k: null })],
    ['a key and an offset', encode({ k, o: 1 })],
    ['an extra attribute', encode({ k: { ...k, extra: 'x' } })],
    ['another company', otherCompanyToken],
  ];
  for (const attr of Object.keys(k)) {
    const { [attr]: _gone, ...rest } = k;
    out.push([`missing ${attr}`, encode({ k: rest })]);
    out.push([`empty ${attr}`, encode({ k: { ...k, [attr]: '' } })]);
    out.push([`numeric ${attr}`, encode({ k: { ...k, [attr]: 7 } })]);
    out.push([`object ${attr}`, encode({ k: { ...k, [attr]: { S: 'x' } } })]);
  }
  return out;
}

function offsetForgeries(): [string, string][] {
  return [
    ['garbage base64', '%%%not-base64%%%'],
    ['a key token', encode({ k: { pk: 'x', sk: 'y' } })],
    ['a huge offset', encode({ o: 1e15 })],
    ['an offset past any list', encode({ o: 2 ** 31 })],
    ['a negative offset', encode({ o: -1 })],
    ['a fractional offset', encode({ o: 1.5 })],
    ['a string offset', encode({ o: '1' })],
    ['an offset and a key', encode({ o: 1, k: {} })],
  ];
}

async function account(c: Company, Name: string, ParentId: number | null = null): Promise<number> {
  const r = await invoke('AccountsService', 'CreateAccount', {
    as: c.admin,
    accountId: ParentId ?? undefined,
    body: { account: { Name, ParentId } },
  });
  expect(r.status).toBe(200);
  return r.body.Response.ID;
}

async function flight(c: Company, StartDate: string, EndDate: string, Name = `Flight ${StartDate}`) {
  const activity = { ID: 0, AccountId: c.accounts.main.ID, SubAccountId: null, Name, StartDate, EndDate, Budget: 100 };
  const r = await invoke('ActivitiesService', 'SaveActivity', {
    as: c.planner,
    accountId: c.accounts.main.ID,
    body: { activity },
  });
  expect(r.status).toBe(200);
  return r.body.Response.ID as number;
}

async function rate(c: Company, Date: string, From: string, To = 'ILS') {
  const r = await invoke('ExchangeRatesService', 'SaveExchangeRate', {
    as: c.admin,
    body: { exchangeRate: { Date, From, To, Rate: 3.5 } },
  });
  expect(r.status).toBe(200);
}

async function seed(c: Company) {
  for (const name of ['Alpha', 'Bravo', 'Charlie']) await account(c, name);
  for (const name of ['Delta', 'Echo']) {
    const id = await account(c, name);
    expect(
      (await invoke('AccountsService', 'DeleteAccount', { as: c.admin, accountId: id, body: { accountId: id } }))
        .status,
    ).toBe(200);
  }
  await account(c, 'Main Client Sub 2', c.accounts.main.ID);
  await flight(c, '2026-01-01', '2026-01-31');
  await flight(c, '2026-03-01', '2026-03-31');
  await flight(c, '2026-06-01', '2026-06-30');
  await flight(c, '2026-09-01', '2026-09-30');
  for (const d of ['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-05']) {
    await rate(c, d, 'USD');
    await rate(c, d, 'EUR');
  }
}

beforeAll(async () => {
  co = await makeCompany('Page Token Agency');
  other = await makeCompany('Other Page Token Agency');
  await seed(co);
  await seed(other);
});

const accountsMain =
  (c: () => Company): ListCall =>
  () => ({ service: 'AccountsService', method: 'GetAccountsList', body: {}, as: () => c().planner });
const accountsArchived =
  (c: () => Company): ListCall =>
  () => ({ ...accountsMain(c)(), body: { status: 'archived' } });
const accountsSubs =
  (c: () => Company): ListCall =>
  () => ({
    service: 'AccountsService',
    method: 'GetAccountsList',
    accountId: c().accounts.main.ID,
    body: { mainAccountId: c().accounts.main.ID },
    as: () => c().planner,
  });
const activities =
  (c: () => Company, body: Record<string, unknown> = {}): ListCall =>
  () => ({
    service: 'ActivitiesService',
    method: 'GetActivitiesList',
    accountId: c().accounts.main.ID,
    body: { accountId: c().accounts.main.ID, ...body },
    as: () => c().planner,
  });
const rates =
  (c: () => Company, body: Record<string, unknown> = {}): ListCall =>
  () => ({
    service: 'ExchangeRatesService',
    method: 'GetExchangeRatesList',
    body,
    as: () => c().admin,
  });

describe('key tokens (one Query resumed from a key)', () => {
  const cases: [string, ListCall, ListCall, (i: Record<string, unknown>) => string][] = [
    ['GetAccountsList (main accounts)', accountsMain(() => co), accountsMain(() => other), (i) => String(i.ID)],
    ['GetAccountsList (archived)', accountsArchived(() => co), accountsArchived(() => other), (i) => String(i.ID)],
    ['GetAccountsList (sub-accounts)', accountsSubs(() => co), accountsSubs(() => other), (i) => String(i.ID)],
    ['GetActivitiesList', activities(() => co), activities(() => other), (i) => String(i.ID)],
    [
      'GetActivitiesList (toDate)',
      activities(() => co, { toDate: '2026-07-01' }),
      activities(() => other, { toDate: '2026-07-01' }),
      (i) => String(i.ID),
    ],
    ['GetExchangeRatesList (by date)', rates(() => co), rates(() => other), (i) => `${i.Date}${i.From}${i.To}`],
    [
      'GetExchangeRatesList (one pair, dates)',
      rates(() => co, { from: 'USD', to: 'ILS', fromDate: '2026-01-01', toDate: '2026-03-31' }),
      rates(() => other, { from: 'USD', to: 'ILS', fromDate: '2026-01-01', toDate: '2026-03-31' }),
      (i) => `${i.Date}${i.From}${i.To}`,
    ],
    [
      'GetExchangeRatesList (by date, one currency, dates)',
      rates(() => co, { from: 'EUR', fromDate: '2026-02-01', toDate: '2026-04-01' }),
      rates(() => other, { from: 'EUR', fromDate: '2026-02-01', toDate: '2026-04-01' }),
      (i) => `${i.Date}${i.From}${i.To}`,
    ],
  ];

  describe.each(cases)('%s', (_name, l, lOther, idOf) => {
    it('a real token pages through the whole list', async () => {
      await expectPagesCorrectly(l, idOf);
    });

    it('refuses every forged token with 400 naming nextToken', async () => {
      const forged = keyForgeries(await firstToken(l), await firstToken(lOther));
      for (const [what, nextToken] of forged) {
        const r = await list(l, { nextToken });
        if (r.status !== 400) throw new Error(`${what}: answered ${r.status} ${r.body.ErrorMessage}`);
        expectRefused(r);
      }
    });
  });

  it('GetAccountsList: a token of the Archived range while listing Active, and the reverse', async () => {
    expectRefused(
      await list(
        accountsMain(() => co),
        { nextToken: await firstToken(accountsArchived(() => co)) },
      ),
    );
    expectRefused(
      await list(
        accountsArchived(() => co),
        { nextToken: await firstToken(accountsMain(() => co)) },
      ),
    );
  });

  it('GetAccountsList: a main-accounts token in the sub-accounts list', async () => {
    expectRefused(
      await list(
        accountsSubs(() => co),
        { nextToken: await firstToken(accountsMain(() => co)) },
      ),
    );
  });

  it('GetActivitiesList: a key beyond toDate and an archived-list token', async () => {
    // Newest first: the unfiltered list's first token points at September, after toDate.
    const beyond = await firstToken(activities(() => co));
    expectRefused(
      await list(
        activities(() => co, { toDate: '2026-04-01' }),
        { nextToken: beyond },
      ),
    );
    const k = decode(beyond).k!;
    expectRefused(
      await list(
        activities(() => co, { toDate: '2026-04-01' }),
        { nextToken: encode({ k: { ...k, gsi1sk: '2026-04-02' } }) },
      ),
    );
    expectRefused(
      await list(
        activities(() => co),
        { nextToken: encode({ k: { ...k, gsi1pk: `${k.gsi1pk}#X` } }) },
      ),
    );
  });

  it('GetExchangeRatesList: a key outside fromDate/toDate, another pair, the other index', async () => {
    const pair = rates(() => co, { from: 'USD', to: 'ILS', fromDate: '2026-02-01', toDate: '2026-03-31' });
    const unfiltered = await firstToken(rates(() => co, { from: 'USD', to: 'ILS' })); // at 2026-04-05
    expectRefused(await list(pair, { nextToken: unfiltered }));
    const k = decode(unfiltered).k!;
    expectRefused(await list(pair, { nextToken: encode({ k: { ...k, sk: '2026-01-31' } }) }));
    expectRefused(
      await list(pair, {
        nextToken: encode({ k: { ...k, pk: String(k.pk).replace('#USD#', '#EUR#'), sk: '2026-03-05' } }),
      }),
    );
    expectRefused(await list(pair, { nextToken: await firstToken(rates(() => co)) }));
    const byDate = rates(() => co, { fromDate: '2026-02-01', toDate: '2026-03-31' });
    expectRefused(await list(byDate, { nextToken: await firstToken(rates(() => co)) }));
    const dk = decode(await firstToken(rates(() => co))).k!;
    expectRefused(
      await list(
        rates(() => co),
        { nextToken: encode({ k: { ...dk, pk: 'C#1#FX#USD#ILS' } }) },
      ),
    );
  });
});

describe('offset tokens (lists assembled in memory)', () => {
  // A client user limited to one account, and any activity filter: both page by offset.
  const clientList: ListCall = () => ({
    service: 'AccountsService',
    method: 'GetAccountsList',
    body: {},
    as: () => co.client,
  });
  const filtered: ListCall = () => ({
    service: 'AccountsService',
    method: 'GetAccountsList',
    body: { fromDate: '2026-01-01' },
    as: () => co.planner,
  });

  it.each([
    ["a client's accounts", clientList],
    ['accounts filtered by activity dates', filtered],
  ])('%s: forged offsets answer 400 naming nextToken', async (_n, l) => {
    for (const [what, nextToken] of offsetForgeries()) {
      const r = await list(l, { nextToken });
      if (r.status !== 400) throw new Error(`${what}: answered ${r.status} ${r.body.ErrorMessage}`);
      expectRefused(r);
    }
  });

  it('an offset past the end of a list that shrank is its end, not an error', async () => {
    const r = await list(filtered, { nextToken: encode({ o: 50 }) });
    expect(r.status).toBe(200);
    expect(r.body.Response).toEqual({ Items: [], NextToken: null });
  });

  it('a real offset token pages through the filtered list', async () => {
    // Give a second main account an activity so the filtered list has two rows.
    const otherId = co.accounts.other.ID;
    const activity = {
      ID: 0,
      AccountId: otherId,
      SubAccountId: null,
      Name: 'Other flight',
      StartDate: '2026-02-01',
      EndDate: '2026-02-28',
      Budget: 100,
    };
    expect(
      (await invoke('ActivitiesService', 'SaveActivity', { as: co.planner, accountId: otherId, body: { activity } }))
        .status,
    ).toBe(200);
    await expectPagesCorrectly(filtered, (i) => String(i.ID));
  });
});
